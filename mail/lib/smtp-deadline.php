<?php
// PHPMailer's SMTP client with one deadline for a whole attempt (SMTP_TIMEOUT). PHPMailer bounds
// each reply alone (300 s), its reads restart their timeout with every byte, and its TLS handshakes
// wait as long as the connect timeout allows: a server that never speaks, trickles, or stalls in
// a handshake would hold the visitor for minutes. Here connecting, every read and write and the
// handshake wait only for what is left. Loaded once PHPMailer is; it calls nothing.
declare(strict_types=1);

final class ContactDeadlineSmtp extends \PHPMailer\PHPMailer\SMTP
{
    /** Whether the deadline cut the attempt short (PHPMailer's own error then says only "could not connect"). */
    public bool $timedOut = false;

    /** hrtime(true) at which the attempt ends. */
    private int $deadline;

    public function __construct(public readonly float $seconds)
    {
        $this->deadline = hrtime(true) + (int) ($seconds * 1e9);
    }

    /** Connects over TCP; for TLS from the first byte (ssl://), the handshake follows, bounded like the rest. */
    protected function getSMTPConnection($host, $port = null, $timeout = 30, $options = [])
    {
        $wait = $this->wait();
        if ($wait === null) {
            return false;
        }
        $tls = preg_match('#^(ssl|tls)://#i', $host) === 1;
        $connection = parent::getSMTPConnection(preg_replace('#^(ssl|tls)://#i', '', $host), $port, min($timeout, max(1, $wait[0])), $options);
        if ($connection === false || !$tls || $this->handshake($connection)) {
            return $connection;
        }
        fclose($connection);
        $this->setError('TLS handshake failed');
        return false;
    }

    /** A reply, read as it arrives, never blocking: over TLS the reply may sit in OpenSSL's buffer, which only stream_select sees. */
    protected function get_lines()
    {
        $data = '';
        if (!is_resource($this->smtp_conn)) {
            return $data;
        }
        stream_set_blocking($this->smtp_conn, false);
        try {
            while (!feof($this->smtp_conn) && ($wait = $this->wait()) !== null) {
                $read = [$this->smtp_conn];
                $none = null;
                if (@stream_select($read, $none, $none, ...$wait) !== 1) {
                    continue;
                }
                // A reset connection warns; it ends the reply like the end of the stream.
                $data .= (string) @fread($this->smtp_conn, 8192);
                // Complete once its last line is: "250 OK" ends a reply, "250-…" is followed by more.
                $lines = explode("\n", rtrim($data, "\r\n"));
                $last = end($lines);
                if (str_ends_with($data, "\n") && (!isset($last[3]) || $last[3] === ' ')) {
                    break;
                }
            }
        } finally {
            if (is_resource($this->smtp_conn)) {
                stream_set_blocking($this->smtp_conn, true);
            }
        }
        return $data;
    }

    public function client_send($data, $command = '')
    {
        $wait = $this->wait();
        if (!is_resource($this->smtp_conn) || $wait === null) {
            return false;
        }
        // A blocking write waits at most the stream's timeout: what is left.
        stream_set_timeout($this->smtp_conn, ...$wait);
        return @fwrite($this->smtp_conn, $data);
    }

    public function startTLS()
    {
        return $this->sendCommand('STARTTLS', 'STARTTLS', 220) && $this->handshake($this->smtp_conn);
    }

    /** A TLS handshake run without blocking, so that it too ends at the deadline. */
    private function handshake(mixed $connection): bool
    {
        $method = STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | (defined('STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT') ? STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT : 0);
        stream_set_blocking($connection, false);
        try {
            while ($this->wait() !== null) {
                $done = @stream_socket_enable_crypto($connection, true, $method);
                if ($done !== 0) {
                    return $done === true;
                }
                // Asked after the step above, which itself takes time (it loads the CA bundle).
                $wait = $this->wait();
                $read = [$connection];
                $none = null;
                if ($wait !== null) {
                    @stream_select($read, $none, $none, ...$wait);
                }
            }
            return false;
        } finally {
            if (is_resource($connection)) {
                stream_set_blocking($connection, true);
            }
        }
    }

    /** @return ?array{0: int, 1: int} what is left of the attempt's time, as seconds and microseconds; null when none is */
    private function wait(): ?array
    {
        $left = intdiv($this->deadline - hrtime(true), 1000);
        if ($left <= 0) {
            $this->timedOut = true;
            return null;
        }
        return [intdiv($left, 1_000_000), $left % 1_000_000];
    }
}
