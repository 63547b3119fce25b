// `npm run bench:mail`: how the contact endpoint's time and memory depend on the size of its
// store. Serves mail/ with PHP's built-in server (opcache on, as on a host), sends valid
// submissions to an empty store and to one holding 200 000 historical messages, and prints what
// PHP itself measured for each request (from the first line of the script to its shutdown) and
// its peak memory; the health check too. It measures; it does not pass or fail.
// BENCH_MESSAGES=50000 BENCH_REQUESTS=20 narrow it. Started as root, PHP runs as www-data (as npm start's).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib/v1';
import { php, phpUser } from '../serve/local-php.mjs';

const historical = Number(process.env.BENCH_MESSAGES ?? 200_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 50);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'npts-bench-mail-'));
// The endpoint's account writes the stores and the measurements here.
if (phpUser) execFileSync('chown', [`${phpUser}:${phpUser}`, work]);
const valid = { firstName: 'Ana', lastName: 'Example', email: 'ana@example.com', company: 'Example Shipping Ltd', subject: 'VSAT for two vessels', phone: '+359 2 000 0000', message: 'Hello,\nwe would like a quote for three vessels.', elapsedMs: 9000 };

// Each request appends what PHP measured of itself: seconds from its start, and peak memory.
const prepend = join(work, 'measure.php');
writeFileSync(prepend, `<?php
$benchStart = hrtime(true);
register_shutdown_function(static function () use ($benchStart): void {
    file_put_contents(${JSON.stringify(join(work, 'measured.jsonl'))}, json_encode([
        'script' => basename($_SERVER['SCRIPT_NAME'] ?? '') . (isset($_GET['challenge']) ? ' ?challenge' : ''),
        'ms' => (hrtime(true) - $benchStart) / 1e6,
        'peak' => memory_get_peak_usage(),
        'status' => http_response_code(),
    ]) . "\\n", FILE_APPEND);
});
`);

const servers = [];
try {
  const rows = [];
  for (const [label, count] of [['empty', 0], ['historical', historical]]) {
    const storage = join(work, label);
    const config = join(work, `${label}.ini`);
    const settings = { MAIL_STORAGE_DIR: storage, MAIL_TRANSPORT: 'outbox', MAIL_RATE_LIMIT: '0', MAIL_PROOF_MAXNUMBER: '1000', MAIL_HEALTH_TOKEN: 'bench' };
    writeFileSync(config, Object.entries(settings).map(([key, value]) => `${key} = "${value}"\n`).join(''));
    const env = { ...process.env, MAIL_CONFIG: config };
    runPhp(['-r', 'mkdir($argv[1]);', storage]);
    if (count > 0) {
      const started = Date.now();
      fillStore(storage, count, env);
      console.log(`Stored ${count.toLocaleString('en')} historical messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const server = await startServer(env);
    servers.push(server);
    rmSync(join(work, 'measured.jsonl'), { force: true });
    // The first request of each script compiles it into opcache: not counted.
    await server.post(valid);
    await fetch(`${server.origin}/mail/health.php?token=bench`);
    rmSync(join(work, 'measured.jsonl'), { force: true });
    for (let index = 0; index < requests; index++) {
      const response = await server.post({ ...valid, message: `${valid.message} (${index})` });
      if (response.status !== 200) throw new Error(`send.php answered ${response.status}`);
      await fetch(`${server.origin}/mail/health.php?token=bench`);
    }
    await server.stop();
    const measured = readFileSync(join(work, 'measured.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const size = statSync(join(storage, 'messages.sqlite')).size;
    for (const script of ['send.php ?challenge', 'send.php', 'health.php']) {
      const own = measured.filter((entry) => entry.script === script);
      rows.push({ label, count, size, script, ...summary(own) });
    }
  }
  console.log(`\nContact endpoint, ${requests} requests each (PHP ${phpVersion()}, opcache on, outbox transport)\n`);
  console.log('| Store | Messages before | Database | Script | Median | p95 | Max | Peak memory |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.label} | ${row.count.toLocaleString('en')} | ${mib(row.size)} | ${row.script} | ${row.median.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ${row.max.toFixed(1)} ms | ${mib(row.peak)} |`);
  }
  const [, empty, , , full] = rows;
  console.log(`\nsend.php with ${historical.toLocaleString('en')} messages: median ${(full.median / empty.median).toFixed(2)}× and peak memory ${(full.peak / empty.peak).toFixed(2)}× the empty store's.`);
} finally {
  for (const server of servers) await server.stop();
  rmSync(work, { recursive: true, force: true });
}

/**
 * `count` messages, nearly all delivered, written into the store the commands make, spread over
 * the days a store holds them (the contract's retention, less ten days to spare).
 */
function fillStore(storage, count, env) {
  runPhp([join(repo, 'mail', 'admin.php'), 'status'], { env, stdio: 'ignore' });
  const days = JSON.parse(readFileSync(join(repo, 'mail', 'contract.json'), 'utf8')).retention.messageDays - 10;
  const script = `
    [$db, $count, $fields, $now, $days] = [new PDO('sqlite:' . $argv[1]), (int) $argv[2], json_decode($argv[3], true), time(), (int) $argv[4]];
    $db->beginTransaction();
    $message = $db->prepare('INSERT INTO messages (id, received_at, firstName, lastName, email, company, subject, phone, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    $delivery = $db->prepare("INSERT INTO deliveries (message_id, channel, state, attempts, next_attempt_at, delivered_at) VALUES (?, 'mail', ?, ?, ?, ?)");
    for ($index = 0; $index < $count; $index++) {
        [$id, $time, $delivered] = [sprintf('hist-%07d', $index), $now - $days * 86400 + intdiv($index * ($days - 1) * 86400, $count), $index % 1000 !== 999];
        $message->execute([$id, $time, $fields['firstName'], $fields['lastName'], "visitor$index@example.com", $fields['company'], $fields['subject'], $fields['phone'], "Historical message $index\\n" . str_repeat('x', 400)]);
        $delivery->execute($delivered ? [$id, 'delivered', 1, null, $time] : [$id, 'pending', 0, $now, null]);
    }
    $db->commit();`;
  runPhp(['-r', script, join(storage, 'messages.sqlite'), String(count), JSON.stringify(valid), String(days)]);
}

/** `php args` as the endpoint's account, waiting for it. */
function runPhp(args, options = {}) {
  const [command, ...rest] = php(args);
  return execFileSync(command, rest, options);
}

async function startServer(env) {
  const port = await new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => done(free));
    });
  });
  const [command, ...args] = php(['-S', `127.0.0.1:${port}`, '-t', repo, '-d', 'opcache.enable_cli=1', '-d', `auto_prepend_file=${prepend}`]);
  const child = spawn(command, args, { env, stdio: 'ignore', detached: true });
  const exited = new Promise((done) => child.once('exit', done));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${origin}/package.json`);
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
  return {
    origin,
    // As the form does: a challenge, solved, then the message with its proof.
    post: async (data) => {
      const challenge = await (await fetch(`${origin}/mail/send.php?challenge`)).json();
      const { number } = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
      const altcha = Buffer.from(JSON.stringify({ ...challenge, maxnumber: undefined, number })).toString('base64');
      return fetch(`${origin}/mail/send.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...data, altcha }) });
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
    },
  };
}

function summary(entries) {
  const times = entries.map((entry) => entry.ms).sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
  return { median: at(0.5), p95: at(0.95), max: times.at(-1), peak: Math.max(...entries.map((entry) => entry.peak)) };
}

function mib(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`;
}

function phpVersion() {
  return execFileSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' });
}
