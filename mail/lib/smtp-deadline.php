<?php
// PHPMailer's SMTP client with one deadline for a whole attempt. PHPMailer bounds each reply on
// its own (Timelimit, 300 s by default) but not their sum; its reads restart their timeout with
// every byte, and its TLS handshake waits as long as the connect timeout allows. So a server
// that never speaks, trickles, or stalls after STARTTLS would hold the visitor for minutes.
// Here every read, write and handshake waits only for what is left of the attempt's time.
// Loaded by lib/transports.php once PHPMailer is.
declare(strict_types=1);

final class ContactDeadlineSmtp extends \PHPMailer\PHPMailer\SMTP
{
    /** Whether the deadline cut the attempt short (PHPMailer's own error then says only "could not connect"). */
    public bool $timedOut = false;

    public function __construct(private float $deadline)
    {
    }

    /**
     * A reply, read as it arrives until it is complete or the time is up. Reads never block: over
     * TLS a readable socket may carry only session tickets, and a blocking read would then wait
     * for the socket while the reply sits in OpenSSL's buffer (stream_select sees that buffer).
     */
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
                $data .= (string) fread($this->smtp_conn, 8192);
                // Complete once its last line is: "250 OK" ends a reply, "250-…" is followed by more.
                $lines = explode("\n", rtrim($data, "\r\n"));
                $last = end($lines);
                if (str_ends_with($data, "\n") && (!isset($last[3]) || $last[3] === ' ')) {
                    break;
                }
            }
        } finally {
            stream_set_blocking($this->smtp_conn, true);
        }
        return $data;
    }

    public function client_send($data, $command = '')
    {
        // A blocking write waits at most the stream's timeout: set it to what is left.
        if (!is_resource($this->smtp_conn) || $this->wait() === null) {
            return false;
        }
        stream_set_timeout($this->smtp_conn, ...$this->wait());
        return @fwrite($this->smtp_conn, $data);
    }

    /** STARTTLS, with the handshake run without blocking, so that it too ends at the deadline. */
    public function startTLS()
    {
        if (!$this->sendCommand('STARTTLS', 'STARTTLS', 220)) {
            return false;
        }
        $method = STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | (defined('STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT') ? STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT : 0);
        stream_set_blocking($this->smtp_conn, false);
        try {
            while (($wait = $this->wait()) !== null) {
                $done = @stream_socket_enable_crypto($this->smtp_conn, true, $method);
                if ($done !== 0) {
                    return $done === true;
                }
                $read = [$this->smtp_conn];
                $none = null;
                @stream_select($read, $none, $none, ...$wait);
            }
            return false;
        } finally {
            stream_set_blocking($this->smtp_conn, true);
        }
    }

    /** @return ?array{0: int, 1: int} what is left of the attempt's time, as seconds and microseconds; null when none is */
    private function wait(): ?array
    {
        $left = $this->deadline - microtime(true);
        if ($left <= 0) {
            $this->timedOut = true;
            return null;
        }
        return [(int) $left, (int) (fmod($left, 1) * 1e6)];
    }
}
