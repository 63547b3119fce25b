/** @jest-environment node */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { cleanupTemp, setupPhpServer, validMessage } from '../helpers/php-server';

// How mail/ is laid out, as a newcomer who adds a channel finds it: each file requires what it
// uses, and nothing it is required by; no file is too long to read; each channel's name is
// branched on only in its own file and in the list of channels.
const mail = resolve(__dirname, '..', '..', 'mail');

function phpFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === 'vendor' || entry.name === 'storage' ? [] : phpFiles(join(dir, entry.name))) : entry.name.endsWith('.php') ? [join(dir, entry.name)] : [],
  );
}

/** The files of mail/lib a file requires: require or require_once of __DIR__ . '/…' (a path it names whole). */
function requires(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\brequire(?:_once)?\s+__DIR__\s*\.\s*'([^']+\.php)'/g)].map((match) => resolve(dirname(file), `.${match[1]}`));
}

/** A cycle among the files, as the paths around it, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = path.indexOf(file);
    if (at !== -1) return [...path.slice(at), file];
    if (done.has(file)) return null;
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('mail/ laid out in small rooms', () => {
  const lib = phpFiles(join(mail, 'lib'));

  it('finds a cycle when there is one (the check itself)', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toBeNull();
  });

  it('has no require cycle among mail/lib files, and every file required exists', () => {
    const graph = new Map(lib.map((file) => [file, requires(file)]));
    for (const [file, required] of graph) for (const target of required) expect([relative(mail, file), lib.includes(target)]).toEqual([relative(mail, file), true]);
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => relative(mail, file))).toBeUndefined();
  });

  it('makes each file of mail/ require every file whose functions, constants and classes it uses', () => {
    const files = phpFiles(mail);
    const code = (file: string) => readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
    const defined = new Map<string, string>();
    for (const file of files) {
      for (const match of code(file).matchAll(/^(?:function|const|(?:final )?class) ((?:contact|admin)_\w+|(?:CONTACT|ADMIN)_\w+|(?:Contact|Admin)\w+)/gm)) defined.set(match[1], file);
    }
    const closure = (file: string, seen = new Set<string>()): Set<string> => {
      if (!seen.has(file)) {
        seen.add(file);
        for (const next of requires(file)) closure(next, seen);
      }
      return seen;
    };
    const missing = files.flatMap((file) => {
      const reach = closure(file);
      const used = new Set([...code(file).matchAll(/\b((?:contact|admin)_\w+(?=\()|(?:CONTACT|ADMIN)_[A-Z_]+\b|(?:Contact|Admin)[A-Z]\w+)/g)].map((match) => match[1]));
      return [...used].filter((name) => defined.has(name) && !reach.has(defined.get(name)!)).map((name) => `${relative(mail, file)} uses ${name} of ${relative(mail, defined.get(name)!)}`);
    });
    expect(missing).toEqual([]);
  });

  it('keeps every PHP file of mail/ at 250 lines or fewer, and admin.php at 150', () => {
    const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
    const long = phpFiles(mail).filter((file) => lines(file) > 250).map((file) => `${relative(mail, file)}: ${lines(file)} lines`);
    expect(long).toEqual([]);
    expect(lines(join(mail, 'admin.php'))).toBeLessThanOrEqual(150);
  });

  it('lets the store call the proof, and the proof nothing of the store', () => {
    const reach = (file: string, seen = new Set<string>()): Set<string> => {
      if (!seen.has(file)) for (const next of requires(file)) reach(next, seen.add(file));
      return seen;
    };
    expect([...reach(join(mail, 'lib', 'queue.php'))].map((file) => relative(mail, file))).toContain('lib/proof.php');
    const store = ['store.php', 'queue.php', 'messages.php'].map((name) => join(mail, 'lib', name));
    expect([...reach(join(mail, 'lib', 'proof.php'))].filter((file) => store.includes(file)).map((file) => relative(mail, file))).toEqual([]);
  });

  it('says in each lib file’s first lines what it holds', () => {
    for (const file of lib) expect([relative(mail, file), readFileSync(file, 'utf8').split('\n')[1]]).toEqual([relative(mail, file), expect.stringMatching(/^\/\/ \S/)]);
  });

  it('names a channel only in its own file and in the list of channels', () => {
    const allowed = (file: string) => file.startsWith('lib/channels/') || file === 'lib/channels.php';
    const named = phpFiles(mail)
      .map((file) => relative(mail, file))
      .filter((file) => !allowed(file) && /'(mail|webhook)'/.test(readFileSync(join(mail, file), 'utf8')));
    expect(named).toEqual([]);
  });
});

describe('a request loads what it uses', () => {
  // Test-only: the server prepends __tests__/helpers/included-files.php, which logs what PHP loaded.
  const php = setupPhpServer({ ini: { auto_prepend_file: join(__dirname, '..', 'helpers', 'included-files.php') } });
  afterAll(cleanupTemp);

  /** The files of mail/ a post with a proof loaded, relative to it. */
  const loadedByPost = async (config: Record<string, string>): Promise<string[]> => {
    php.fresh(config);
    expect((await php.postJson(validMessage)).status).toBe(200);
    await php.expectLog(/included POST: /);
    const line = php.log().slice(php.log().lastIndexOf('included POST: '));
    const files: string[] = JSON.parse(/^included POST: (\[.*\])/m.exec(line)![1]);
    return files.filter((file) => file.startsWith(join(php.docroot, 'mail'))).map((file) => relative(join(php.docroot, 'mail'), file));
  };

  it('loads no file of the webhook for a post with no webhook configured, and its two with one', async () => {
    const without = await loadedByPost({});
    expect(without).toContain('lib/channels/mail.php');
    expect(without.filter((file) => file.includes('webhook'))).toEqual([]);
    // The command line's move of an old store, and what once ran as root, are no request's.
    expect(without.filter((file) => /store-move|run-as/.test(file))).toEqual([]);
    const withWebhook = await loadedByPost({ MAIL_WEBHOOK_URL: 'http://127.0.0.1:1/hook' });
    expect(withWebhook.filter((file) => file.includes('webhook')).sort()).toEqual(['lib/channels/webhook-request.php', 'lib/channels/webhook.php']);
  });
});

describe('mail/ and privileges', () => {
  it('holds no code that changes users: the commands refuse root instead', () => {
    const changes = phpFiles(mail).filter((file) => /\bposix_(setuid|setgid|seteuid|setegid|setgroups|initgroups)\s*\(|\b(setpriv|runuser)\b/.test(readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '')));
    expect(changes.map((file) => relative(mail, file))).toEqual([]);
  });
});
