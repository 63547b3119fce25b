import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { solveChallenge as solve } from 'altcha-lib/v1';
import PostalMime from 'postal-mime';
import contract from '@/mail/contract.json';

const repo = resolve(__dirname, '..', '..');
const fakeSendmail = join(repo, '__tests__', 'helpers', 'fake-sendmail.sh');

/**
 * Root never runs the site's code, and mail/'s commands refuse it (docs/operating.md). So when
 * the tests run as root (CI does), the endpoint's server, every PHP command and the folders they
 * work in are this account's, the web server's user of a Debian host; otherwise the tests' own.
 */
const asRoot = process.getuid?.() === 0;
export const PHP_USER = 'www-data';

/** `command` run as the account PHP runs as: through setpriv when the tests run as root, as itself otherwise. */
export function asPhpUser(command: string[], user = PHP_USER): string[] {
  return asRoot ? ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--init-groups', '--', ...command] : command;
}

/** Gives `path`, and with `deep` all under it, to the account PHP runs as, when the tests run as root. */
function own(path: string, deep = false, user = PHP_USER): void {
  if (asRoot) execFileSync('chown', [...(deep ? ['-R'] : []), `${user}:${user}`, path]);
}

/** A user's id (`-u`) or group's (`-g`). */
function id(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }));
}

export type Reply = { status: number; headers: Headers; text: string; json: { success: boolean; message: string } | null };
export type Run = { code: number; stdout: string; stderr: string };
/** A message as `php mail/admin.php export --format jsonl` writes it. */
export type Exported = {
  id: string;
  state: 'held' | 'pending' | 'sending' | 'delivered' | 'dead';
  received: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  subject: string;
  phone: string;
  message: string;
  source: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  attempts: number;
  lastError: string | null;
  delivered: string | null;
  /** The team webhook's delivery: null when the lead was not meant for one. */
  webhook: 'held' | 'pending' | 'sending' | 'delivered' | 'dead' | null;
};

/** A message the form accepts. */
export const validMessage = {
  firstName: 'Ana',
  lastName: 'Example',
  email: 'ana@example.com',
  company: 'Example Shipping Ltd',
  subject: 'VSAT for two vessels',
  phone: '+359 2 000 0000',
  message: 'Hello,\nwe would like a quote.',
};

/** The endpoint's answers, word for word: the contract's (__tests__/contract.test.ts holds the specification's to the letter). */
export const { success: SUCCESS, notStored: FAILURE, outOfService: OUT_OF_SERVICE, heldFull: HELD_FULL } = contract.texts;
/** The headers a delivered message has: none more, whatever was submitted. */
export const MAIL_HEADERS = ['content-transfer-encoding', 'content-type', 'date', 'from', 'message-id', 'mime-version', 'reply-to', 'subject', 'to'];

/**
 * The settings tests start from: mail() through the fake sendmail, no rate limit, and addresses
 * in a domain reserved for tests (example.com is a placeholder, which only the outbox may use).
 */
export const testConfig = { MAIL_TO: 'inbox@npts.test', MAIL_FROM: 'website@npts.test', MAIL_TRANSPORT: 'mail', MAIL_RATE_LIMIT: '0', MAIL_PROOF_MAXNUMBER: '1000' };

export type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/**
 * Solves a challenge of GET /mail/send.php?challenge as any ALTCHA client would, with the
 * library the site's form uses, and returns the `altcha` field's value.
 */
export async function solveChallenge(challenge: Challenge): Promise<string> {
  const solution = await solve(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error(`no solution for ${JSON.stringify(challenge)}`);
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString('base64');
}

export type PhpServer = {
  url: string;
  origin: string;
  /** The site's folder: the one that holds mail/. */
  docroot: string;
  /** The folder the server serves: the site's, or the one it was uploaded into (`subfolder`). */
  documentRoot: string;
  /** Directory where the fake sendmail leaves the messages PHP's mail() sent. */
  captured: string;
  /** Writes the configuration file (read on every request and by every command, see Options.config) with these keys. */
  configure: (config: Record<string, string>) => void;
  /** Configures testConfig and these keys, with a new, empty store unless they name one; empties the capture directory. Returns the store's directory. */
  fresh: (config?: Record<string, string>) => string;
  /** The store's directory the last fresh() configured. */
  readonly storage: string;
  post: (body: string, headers?: Record<string, string>) => Promise<Reply>;
  /**
   * Posts JSON as the form's script does: with a freshly solved proof of work (`altcha`), unless
   * the data brings its own. When the challenge is refused, that answer is the reply, as the
   * form's visitor would see it.
   */
  postJson: (data: Record<string, unknown>, headers?: Record<string, string>) => Promise<Reply>;
  /** A fresh challenge from GET /mail/send.php?challenge. */
  challenge: () => Promise<Challenge>;
  /** A fresh challenge, solved: the value of the form's `altcha` field. */
  proof: () => Promise<string>;
  postForm: (data: Record<string, string>, headers?: Record<string, string>) => Promise<Reply>;
  /** Posts as postJson does, and expects the answer every answer of the endpoint must be (expectClean). */
  sendJson: (data: Record<string, unknown>, headers?: Record<string, string>) => Promise<Reply>;
  /** Posts as postForm does, from this site's own page unless the headers say otherwise, and expects a clean answer. */
  sendForm: (data: Record<string, string>, headers?: Record<string, string>) => Promise<Reply>;
  request: (path: string, init?: RequestInit) => Promise<Reply>;
  /** Runs a command on the server's filesystem (inside its namespace when it has a tiny disk) as the server's account, with an environment clean of MAIL_ and SMTP_ variables. */
  run: (command: string[], env?: Record<string, string>) => Promise<Run>;
  /** Makes the tiny disk (Options.tinyDisk) read-only or writable again, as the machine's administrator would. */
  remount: (mode: 'ro' | 'rw') => Promise<Run>;
  /** Runs a script in mail/ from the command line, as cron or the operator would (same php.ini switches, same filesystem). */
  cli: (script: string, args?: string[], env?: Record<string, string>) => Promise<Run>;
  deliver: (env?: Record<string, string>) => Promise<Run>;
  admin: (...args: string[]) => Promise<Run>;
  /** Every stored message, through `admin.php export`. */
  messages: () => Promise<Exported[]>;
  /** A path as this server sees it (inside its own filesystem when it has a tiny disk). */
  path: (path: string) => string;
  capturedMessages: () => string[];
  /** What the server wrote to its error log since it started. */
  log: () => string;
  /**
   * Expects the error log to match, waiting up to 5 s: the log comes through a pipe of its own,
   * so it can reach the test after the response that followed it.
   */
  expectLog: (pattern: RegExp) => Promise<void>;
  stop: () => Promise<void>;
};

/** A fresh temporary directory, removed by cleanupTemp(). */
const temps: string[] = [];
export function tempDir(prefix = 'npts-mail-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  // A store, an outbox or a disk of the server's: PHP writes there.
  own(dir);
  return dir;
}
/** Makes the folder `dir` as the server's account would have, e.g. an outbox for a test's files. */
export function serverDir(dir: string): string {
  mkdirSync(dir);
  own(dir);
  return dir;
}
export function cleanupTemp(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A process environment without any MAIL_ or SMTP_ variable of the machine running the tests. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(MAIL|SMTP)_/.test(name)) delete env[name];
  return { ...env, ...extra };
}

type Options = {
  /** Environment of the server, as Apache's SetEnv would set it; the commands never see it. */
  env?: Record<string, string>;
  router?: boolean;
  workers?: number;
  /** A tmpfs of this many KiB mounted at this directory, seen only by the server and its commands. */
  tinyDisk?: { dir: string; kib: number };
  /**
   * Where configure() writes: npts-private/config.ini beside the site (the default) or
   * mail/config.ini, where the endpoint and the commands look, or a file beside the site that
   * MAIL_CONFIG names to both (`named`, for tests that need npts-private to themselves).
   */
  config?: 'beside' | 'mail' | 'named';
  /** The site uploaded into a subfolder, npts/, of the folder the server serves, as into another site's. */
  subfolder?: boolean;
  /** The folder the server serves has a PHP site's index.php, and no index.html. */
  indexPhp?: boolean;
  /** The account the server and its commands run as when the tests run as root (PHP_USER by default). */
  user?: string;
  /** A PHP extension the server and its commands run without, as on a host that lacks it (pdo_sqlite, curl). */
  without?: string;
  /** More php.ini settings, for the server and its commands: name => value. */
  ini?: Record<string, string>;
};

/**
 * Starts PHP's built-in server on a loopback port of the system's choosing, serving a temporary
 * docroot with a copy of mail/ (no local config, store or vendor), like the uploaded out/
 * folder. display_errors is on, so a leaking warning would show in a response. The server and
 * its workers form one process group, which stop() ends whole, as does a failed start.
 */
export async function startPhpServer(options: Options = {}): Promise<PhpServer> {
  // A folder of its own around the web root: the endpoint's default store goes beside it.
  const host = tempDir('npts-host-');
  const documentRoot = join(host, 'site');
  const docroot = options.subfolder ? join(documentRoot, 'npts') : documentRoot;
  const captured = tempDir('npts-captured-');
  const configFile = { beside: join(dirname(docroot), 'npts-private', 'config.ini'), mail: join(docroot, 'mail', 'config.ini'), named: join(host, 'config.ini') }[options.config ?? 'beside'];
  const named: Record<string, string> = options.config === 'named' ? { MAIL_CONFIG: configFile } : {};
  const user = options.user ?? PHP_USER;
  const skip = ['config.ini', 'config.php', 'storage', 'outbox', 'vendor'].map((name) => join(repo, 'mail', name));
  cpSync(join(repo, 'mail'), join(docroot, 'mail'), { recursive: true, filter: (source) => !skip.includes(source) });
  writeFileSync(join(docroot, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(documentRoot, options.indexPhp ? 'index.php' : 'index.html'), options.indexPhp ? "<?php echo 'Home';\n" : '<!doctype html><title>Home</title>');
  // The server's account owns the host as the tests' own user would: it makes npts-private
  // beside the site (or, there, mail/storage) and the fake sendmail writes the capture folder.
  own(host, true, user);
  own(captured, false, user);

  const settings = { display_errors: '1', display_startup_errors: '1', error_reporting: '-1', 'opcache.enable': '0', 'opcache.enable_cli': '0', sendmail_path: `sh ${fakeSendmail} ${captured}`, ...options.ini };
  const ini = Object.entries(settings).flatMap(([name, value]) => ['-d', `${name}=${value}`]);
  const phpEnv: Record<string, string> = options.without ? { PHP_INI_SCAN_DIR: iniWithout(options.without) } : {};
  const env = cleanEnv({ ...phpEnv, ...named, ...options.env, PHP_CLI_SERVER_WORKERS: String(options.workers ?? 1) });
  // setpriv, unshare and sh each execute the next in their place, so PHP's server stays the
  // leader of its process group (stop() ends it whole) and the process nsenter enters below.
  let server = asPhpUser(['php', '-S', '127.0.0.1:0', '-t', documentRoot, ...ini, ...(options.router ? [join(repo, 'scripts', 'serve', 'router.php')] : [])], user);
  if (options.tinyDisk) {
    // A mount namespace of its own: the tiny filesystem exists for this server and nothing else
    // on the machine. Root makes it for the server's account; another user, through a user
    // namespace of its own, in which it is root, as its server is.
    const { dir, kib } = options.tinyDisk;
    const mount = 'mount -t tmpfs -o "size=$1k$2" tmpfs "$3" && shift 3 && exec "$@"';
    const owner = asRoot ? `,uid=${id('-u', user)},gid=${id('-g', user)}` : '';
    server = [...(asRoot ? ['unshare', '--mount', '--propagation=private'] : ['unshare', '--user', '--map-root-user', '--mount']), 'sh', '-c', mount, 'sh', String(kib), owner, dir, ...server];
  }
  const child: ChildProcess = spawn(server[0], server.slice(1), { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let log = '';
  // What a test expects of the log, it expects of what came since the last configure().
  let logFrom = 0;
  let storage = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    try {
      // The whole group: the server's workers too, which outlive their parent otherwise.
      process.kill(-child.pid!, 'SIGTERM');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
    if (child.exitCode === null && child.signalCode === null) await exited;
  };
  let origin: string;
  try {
    origin = await waitForServer(child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  // Where the site is on the server: its requests' paths start there.
  const site = origin + (options.subfolder ? '/npts' : '');
  const url = `${site}/mail/send.php`;

  const toReply = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    let json: Reply['json'] = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  const checked = async (reply: Promise<Reply>) => {
    expectClean(await reply);
    return reply;
  };
  const post = async (body: string, headers: Record<string, string> = {}) =>
    toReply(await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers }, redirect: 'manual' }));

  const postJson = async (data: Record<string, unknown>, headers?: Record<string, string>): Promise<Reply> => {
    if ('altcha' in data) return post(JSON.stringify(data), headers);
    const challenged = await toReply(await fetch(`${url}?challenge`));
    if (challenged.status !== 200) return challenged;
    return post(JSON.stringify({ ...data, altcha: await solveChallenge(challenged.json as unknown as Challenge) }), headers);
  };
  const postForm = (data: Record<string, string>, headers: Record<string, string> = {}) =>
    post(new URLSearchParams(data).toString(), { 'Content-Type': 'application/x-www-form-urlencoded', ...headers });
  const challenge = async (): Promise<Challenge> => {
    const response = await fetch(`${url}?challenge`);
    if (!response.ok) throw new Error(`GET ?challenge answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const proof = async () => solveChallenge(await challenge());

  /**
   * `command` on the server's filesystem (inside its namespace when it has a tiny disk): as the
   * server's account, or (`privileged`, for mount) as the tests run, root in that namespace.
   */
  const inServer = (command: string[], privileged: boolean): string[] => {
    if (!options.tinyDisk) return privileged ? command : asPhpUser(command, user);
    if (asRoot) return ['nsenter', `--target=${child.pid}`, '--mount', ...(privileged ? command : asPhpUser(command, user))];
    // Root of the server's user namespace is the tests' own user; a nested namespace gives PHP
    // that user's own id back, so it is not root in any sense it could tell.
    const nested = ['unshare', '--user', `--map-user=${process.getuid!()}`, `--map-group=${process.getgid!()}`];
    return ['nsenter', `--target=${child.pid}`, '--user', '--mount', '--preserve-credentials', ...(privileged ? [] : nested), ...command];
  };
  const exec = (command: string[], extra: Record<string, string>): Promise<Run> => {
    const [file, ...fileArgs] = command;
    return new Promise((done) => {
      const limits = { timeout: 60_000, killSignal: 'SIGKILL' as const, maxBuffer: 64 * 1024 * 1024 };
      execFile(file, fileArgs, { env: cleanEnv({ ...phpEnv, ...named, ...extra }), encoding: 'utf8', ...limits }, (error, stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  };
  // Commands see the server's filesystem, but not its environment: cron would not either.
  const run = (command: string[], extra: Record<string, string> = {}) => exec(inServer(command, false), extra);
  const cli = (script: string, scriptArgs: string[] = [], extra: Record<string, string> = {}) => run(['php', ...ini, join(docroot, 'mail', script), ...scriptArgs], extra);
  const admin = (...adminArgs: string[]) => cli('admin.php', adminArgs);
  const configure = (config: Record<string, string>) => {
    logFrom = log.length;
    const lines = Object.entries(config).map(([key, value]) => {
      // A value is what stands between its quotes, as written: there is no escape for these.
      if (/["\r\n]/.test(value)) throw new Error(`${key}: a value of the configuration file cannot hold a double quote or a line break`);
      return `${key} = "${value}"\n`;
    });
    if (!existsSync(dirname(configFile))) {
      mkdirSync(dirname(configFile), { recursive: true });
      own(dirname(configFile), false, user);
    }
    writeFileSync(configFile, lines.join(''));
  };

  return {
    url,
    origin,
    docroot,
    documentRoot,
    captured,
    configure,
    fresh: (config = {}) => {
      storage = config.MAIL_STORAGE_DIR ?? tempDir('npts-store-');
      configure({ ...testConfig, MAIL_STORAGE_DIR: storage, ...config });
      for (const name of readdirSync(captured)) rmSync(join(captured, name), { force: true });
      return storage;
    },
    get storage() {
      return storage;
    },
    post,
    postJson,
    challenge,
    proof,
    postForm,
    sendJson: (data, headers) => checked(postJson(data, headers)),
    sendForm: (data, headers) => checked(postForm(data, { Origin: origin, ...headers })),
    request: async (path, init = {}) => toReply(await fetch(site + path, { redirect: 'manual', ...init })),
    run,
    // Only the options given: those the disk was mounted with (its owner's id) mean nothing in a user namespace.
    remount: (mode) => exec(inServer(['mount', '--options-mode', 'ignore', '-o', `remount,${mode}`, options.tinyDisk!.dir], true), {}),
    cli,
    deliver: (extra) => cli('deliver.php', [], extra),
    admin,
    messages: async () => {
      const run = await admin('export', '--format', 'jsonl');
      if (run.code !== 0) throw new Error(`admin.php export failed (${run.code}): ${run.stderr}${run.stdout}`);
      return run.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Exported);
    },
    path: (path) => (options.tinyDisk ? `/proc/${child.pid}/root${path}` : path),
    capturedMessages: () =>
      readdirSync(captured)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => readFileSync(join(captured, name), 'utf8')),
    log: () => log,
    expectLog: async (pattern) => {
      const since = () => log.slice(logFrom);
      for (const deadline = Date.now() + 5000; !pattern.test(since()) && Date.now() < deadline; ) await new Promise((wait) => setTimeout(wait, 20));
      expect(since()).toMatch(pattern);
    },
    stop,
  };
}

/**
 * The PHP server of a test file, or of a describe block: started before its first test and
 * stopped, with its whole process group, after its last. Use it in tests and in the hooks that
 * follow this call; the folders it and its tests make go with cleanupTemp().
 */
export function setupPhpServer(options: Options = {}): PhpServer {
  let server: PhpServer | undefined;
  beforeAll(async () => {
    server = await startPhpServer(options);
  });
  afterAll(() => server?.stop());
  return new Proxy({} as PhpServer, {
    get: (_, name: keyof PhpServer) => {
      if (!server) throw new Error('the PHP server is not started yet: use it in a test, or in a hook after setupPhpServer()');
      return server[name];
    },
  });
}

/** What every answer of the endpoint must look like, whatever went wrong. */
export function expectClean(reply: Reply): void {
  expect(reply.headers.get('x-powered-by')).toBeNull();
  expect(reply.headers.get('cache-control')).toBe('no-store');
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.headers.get('content-security-policy')).toBeNull();
  expect(reply.text).not.toMatch(/Warning|Notice|Deprecated|Fatal|Stack trace|\.php\b|\/tmp\/|\/work\//i);
  // Only a refusal of an expired proof says more, for the form's script.
  const proof = reply.json && 'proof' in reply.json ? { proof: 'expired' } : {};
  expect(reply.json).toEqual({ success: expect.any(Boolean), message: expect.any(String), ...proof });
}

/** A mail as the endpoint sends it: to the configured recipient only, from the configured sender, the visitor only in Reply-To. */
export async function expectSafeHeaders(raw: string, replyTo: string): Promise<void> {
  const mail = await PostalMime.parse(raw);
  expect(mail.headers.map((header) => header.key).sort()).toEqual(MAIL_HEADERS);
  expect(mail.to?.map((address) => address.address)).toEqual([testConfig.MAIL_TO]);
  expect(mail.from?.address).toBe(testConfig.MAIL_FROM);
  expect(mail.replyTo?.map((address) => address.address)).toEqual([replyTo]);
  expect(raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/^(bcc|cc):/im);
}

/** Runs `work` for indexes 0 … total-1, at most `clients` at a time, as that many browsers would; all stop at the first failure. */
export async function inParallel<T>(clients: number, total: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const client = async () => {
    while (next < total) {
      const index = next++;
      try {
        results[index] = await work(index);
      } catch (error) {
        next = total;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return results;
}

/** A copy of the system's php.ini directory without the files that load `extension`: PHP_INI_SCAN_DIR for a PHP that lacks it. */
export function iniWithout(extension: string): string {
  const dir = tempDir('npts-ini-');
  const system = execFileSync('php', ['-r', 'echo PHP_CONFIG_FILE_SCAN_DIR;'], { encoding: 'utf8' });
  for (const name of readdirSync(system).filter((file) => file.endsWith('.ini') && !file.includes(extension))) writeFileSync(join(dir, name), readFileSync(join(system, name)));
  return dir;
}

/** The server's origin, once it answers: PHP names the port it was given in its first log line. */
async function waitForServer(child: ChildProcess, log: () => string): Promise<string> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`php -S exited with ${child.exitCode}: ${log()}`);
    const origin = log().match(/Development Server \((http:\/\/127\.0\.0\.1:\d+)\) started/)?.[1];
    try {
      if (origin) {
        await fetch(`${origin}/index.html`);
        return origin;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`php -S did not start: ${log()}`);
}

/** A message put straight into a store: for what no visitor can send (an id of the test's choosing, an age, a field an earlier version let in). */
export type Seed = { id: string; age: number; delivered?: boolean; fields?: Partial<typeof validMessage> };

/**
 * Puts messages into the store in `dir` (made first by the commands, as they make it), each
 * received `age` milliseconds ago with its text naming its id: delivered then, or due now.
 */
export async function storeMessages(php: PhpServer, dir: string, seeds: Seed[]): Promise<void> {
  await php.admin('status');
  const names = Object.keys(validMessage);
  for (const { id, age, delivered, fields } of seeds) {
    const received = Math.floor((Date.now() - age) / 1000);
    const values = Object.values({ ...validMessage, message: `Message ${id}`, ...fields });
    sqlite(dir, `INSERT INTO messages (id, received_at, ${names.join(', ')}) VALUES (?, ?, ${names.map(() => '?').join(', ')})`, [id, received, ...values]);
    const delivery = delivered ? ['delivered', 1, null, received] : ['pending', 0, Math.floor(Date.now() / 1000), null];
    sqlite(dir, "INSERT INTO deliveries (message_id, channel, state, attempts, next_attempt_at, delivered_at) VALUES (?, 'mail', ?, ?, ?, ?)", [id, ...delivery]);
  }
}

/** SMTP settings naming port 1 on loopback, where nothing listens: a mail server that is down. */
export const smtpDown = { MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: '1', SMTP_SECURE: 'none' };

/** Makes `dir` hold a store of schema 3, an earlier one than today's, as its own code made it (__tests__/fixtures/store-v3.sql). */
export function writeSchema3Store(dir: string): void {
  const script = "$db = new PDO('sqlite:' . $argv[1]); $db->exec(file_get_contents($argv[2]));";
  const [file, ...args] = asPhpUser(['php', '-r', script, join(dir, 'messages.sqlite'), join(repo, '__tests__', 'fixtures', 'store-v3.sql')]);
  execFileSync(file, args);
}

/** Runs SQL on the store in `dir` directly, with these values for its ?, for what no command shows or does: tests only. */
export function sqlite<Row = Record<string, unknown>>(dir: string, query: string, values: unknown[] = []): Row[] {
  const script = `$db = new PDO('sqlite:' . $argv[1]); $query = $db->prepare($argv[2]); $query->execute(json_decode($argv[3])); echo json_encode($query->fetchAll(PDO::FETCH_ASSOC));`;
  const [file, ...args] = asPhpUser(['php', '-r', script, join(dir, 'messages.sqlite'), query, JSON.stringify(values)]);
  return JSON.parse(execFileSync(file, args, { encoding: 'utf8' }));
}
