import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The rule of src/plugins/README.md: a named plugin that reads another plugin's decoration
// (`app.config`, `app.db`, …) lists that plugin in its `dependencies`. Fastify checks that
// the listed plugins are registered before; this checks that the list is complete, by
// reading the sources: which plugin decorates what, and what each named plugin reads.
const SRC = path.resolve(import.meta.dirname, '..');

interface NamedPlugin {
  file: string;
  name: string;
  dependencies: string[];
  decorates: string[];
  reads: Set<string>;
}

/** The code of a file without its comments (a comment may name `app.x` without using it). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

function namedPlugins(): NamedPlugin[] {
  const files = ['plugins', 'features', 'web'].flatMap((folder) =>
    readdirSync(path.join(SRC, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.join(SRC, folder, file)),
  );
  return files.flatMap((file) => {
    const text = code(file);
    // fp(…, { name: 'x', dependencies: ['a', 'b'] }) at the end of the plugin.
    const options = /\{\s*name:\s*'([\w-]+)'(?:,\s*dependencies:\s*\[([^\]]*)\])?\s*,?\s*\}\s*,?\s*\)/.exec(text);
    if (!options) return [];
    return [
      {
        file: path.relative(SRC, file),
        name: options[1]!,
        dependencies: [...(options[2] ?? '').matchAll(/'([\w-]+)'/g)].map(([, name]) => name!),
        decorates: [...text.matchAll(/\bapp\.decorate\(\s*'(\w+)'/g)].map(([, name]) => name!),
        reads: new Set([...text.matchAll(/\bapp\.(\w+)/g)].map(([, name]) => name!)),
      },
    ];
  });
}

describe('plugin dependencies', () => {
  const plugins = namedPlugins();
  const owner = new Map(plugins.flatMap((plugin) => plugin.decorates.map((decoration) => [decoration, plugin.name])));

  it('finds the plugins and what they decorate the app with', () => {
    expect(plugins.length).toBeGreaterThan(15);
    expect(Object.fromEntries(owner)).toMatchObject({ config: 'config', db: 'database', mailer: 'mailer' });
  });

  it('each named plugin lists every plugin whose decoration it reads', () => {
    const undeclared = plugins.flatMap((plugin) =>
      [...plugin.reads]
        .filter((decoration) => owner.has(decoration) && owner.get(decoration) !== plugin.name)
        .filter((decoration) => !plugin.dependencies.includes(owner.get(decoration)!))
        .map((decoration) => `${plugin.file} (${plugin.name}) reads app.${decoration} of ${owner.get(decoration)}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('each listed dependency is a plugin that exists', () => {
    const names = new Set(plugins.map((plugin) => plugin.name));
    const unknown = plugins.flatMap((plugin) =>
      plugin.dependencies.filter((name) => !names.has(name)).map((name) => `${plugin.file} depends on ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
