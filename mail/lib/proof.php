<?php
// The proof of a real visit, ALTCHA version 1: a challenge is the SHA-256 of a salt and a secret
// number up to MAIL_PROOF_MAXNUMBER, signed with the store's key; the browser finds the number
// (lib/proof.ts) and sends it as the field `altcha`. The expiry travels in the salt, which ends
// with "&" so no digit can move into it (CVE-2025-68113). Each proof is spent once, by the store's
// clock (queue.php calls this file; it never calls the store). It may call database.php and config.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/config.php';

const CONTACT_PROOF_ALGORITHM = 'SHA-256';
/** How long a challenge may be solved and sent: a visitor who takes longer gets a fresh one unseen. */
const CONTACT_PROOF_SECONDS = 3600;
/** The `altcha` field of a real client is about 300 bytes. */
const CONTACT_PROOF_MAX_BYTES = 2000;
const CONTACT_PROOF_SALT = '/^[0-9a-f]{24}\?expires=([1-9][0-9]{0,11})&$/D';

/** The key challenges are signed with: made with the store, never leaves it. */
function contact_proof_key(PDO $pdo): string
{
    $key = contact_store_setting($pdo, 'proof_secret');
    if ($key === null) {
        throw new RuntimeException('the store has no proof_secret');
    }
    return $key;
}

function contact_proof_max_number(array $config): int
{
    return contact_config_int($config, 'MAIL_PROOF_MAXNUMBER', CONTACT_PROOF_MIN_NUMBER);
}

/** @return array{algorithm: string, challenge: string, maxnumber: int, salt: string, signature: string} */
function contact_proof_challenge(string $key, int $maxNumber, int $now): array
{
    $salt = bin2hex(random_bytes(12)) . '?expires=' . ($now + CONTACT_PROOF_SECONDS) . '&';
    $challenge = hash('sha256', $salt . random_int(1, $maxNumber));
    return [
        'algorithm' => CONTACT_PROOF_ALGORITHM,
        'challenge' => $challenge,
        'maxnumber' => $maxNumber,
        'salt' => $salt,
        'signature' => hash_hmac('sha256', $challenge, $key),
    ];
}

/**
 * Checks a solution (the base64 JSON payload a client sends) against the key; whether it expired
 * or was spent, the store says when the message is stored.
 * @return array{challenge: string, expires: int}|'invalid'
 */
function contact_proof_check(string $payload, string $key): array|string
{
    $decoded = strlen($payload) <= CONTACT_PROOF_MAX_BYTES ? base64_decode($payload, true) : false;
    $solution = is_string($decoded) ? json_decode($decoded, true, 4) : null;
    if (!is_array($solution)) {
        return 'invalid';
    }
    ['algorithm' => $algorithm, 'challenge' => $challenge, 'number' => $number, 'salt' => $salt, 'signature' => $signature]
        = $solution + array_fill_keys(['algorithm', 'challenge', 'number', 'salt', 'signature'], null);
    if ($algorithm !== CONTACT_PROOF_ALGORITHM || !is_string($challenge) || !is_int($number) || $number < 0
        || !is_string($salt) || preg_match(CONTACT_PROOF_SALT, $salt, $match) !== 1 || !is_string($signature)
        || !hash_equals(hash('sha256', $salt . $number), $challenge)
        || !hash_equals(hash_hmac('sha256', $challenge, $key), $signature)) {
        return 'invalid';
    }
    return ['challenge' => $challenge, 'expires' => (int) $match[1]];
}

/**
 * Why a proof whose signature holds is refused at $now, in the transaction that stores its
 * message; null when it may be spent. Spent proofs are forgotten once they expire.
 * @param array{challenge: string, expires: int} $proof
 * @return ?'expired'|'reused'
 */
function contact_proof_refusal(PDO $pdo, array $proof, int $now): ?string
{
    if ($proof['expires'] <= $now) {
        return 'expired';
    }
    $pdo->prepare('DELETE FROM proofs_used WHERE expires_at <= ?')->execute([$now]);
    $spent = $pdo->prepare('SELECT 1 FROM proofs_used WHERE challenge = ?');
    $spent->execute([$proof['challenge']]);
    return $spent->fetchColumn() === false ? null : 'reused';
}

/** Spends a proof, in the transaction that stores its message: it is refused from now on. */
function contact_proof_spend(PDO $pdo, array $proof): void
{
    $pdo->prepare('INSERT INTO proofs_used (challenge, expires_at) VALUES (?, ?)')->execute([$proof['challenge'], $proof['expires']]);
}
