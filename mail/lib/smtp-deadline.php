<?php
// PHPMailer's SMTP client with one deadline for a whole attempt. PHPMailer bounds each reply on
// its own (Timelimit, 300 s by default) but not their sum, so a server that accepts the
// connection and then never speaks, or answers slowly, would hold the visitor for minutes.
// Loaded by lib/transports.php once PHPMailer is.
declare(strict_types=1);

final class ContactDeadlineSmtp extends \PHPMailer\PHPMailer\SMTP
{
    /** Whether a reply was cut short by the deadline (PHPMailer's own error then says only "could not connect"). */
    public bool $timedOut = false;

    public function __construct(private float $deadline)
    {
    }

    /** Every reply waits only for what is left of the attempt's time; none is left, none is read. */
    protected function get_lines()
    {
        $left = (int) ceil($this->deadline - microtime(true));
        if ($left <= 0) {
            $this->timedOut = true;
            return '';
        }
        $this->Timeout = $left;
        $this->Timelimit = $left;
        $lines = parent::get_lines();
        $this->timedOut = microtime(true) >= $this->deadline;
        return $lines;
    }
}
