import { malformedTokens } from '@portal/contracts';
import type { CatalogueSection } from '../../plugins/catalogue/section-kit';
import { upsertEach, type Changes } from '../../plugins/catalogue/upsert';
import { configurations, options } from './configurations-tables';

/**
 * The configurations feature's section of the catalogue (plugins/catalogue/sections.ts):
 * option codes and the products' configurations, as published (Products & Options).
 */

export type OptionRecord = typeof options.$inferSelect;
export type ConfigurationRecord = typeof configurations.$inferSelect;

/** Options by code; configurations by family, version and product, an absent list an empty one. */
export const configurationsSection = {
  /** No key twice, and every token of a list in its form. */
  check(manifest, problems) {
    problems.duplicates(
      'options',
      (manifest.options ?? []).map((option) => option.code),
    );
    const configurations = manifest.configurations ?? [];
    problems.duplicates(
      'configurations',
      configurations.map((c) => `${c.friendlyFamily} ${c.currentVersion} ${c.product}`),
    );
    configurations.forEach((configuration, index) => {
      for (const token of malformedTokens(configuration)) {
        problems.add(`configurations[${index}] (${configuration.product}): "${token}" is not in the form of its list`);
      }
    });
  },

  async upsert(tx, manifest) {
    return {
      options: await upsertEach(
        tx,
        options,
        (manifest.options ?? []).map((option) => ({ code: option.code, description: option.description })),
        options.code,
        { description: options.description },
      ),
      configurations: await upsertEach(
        tx,
        configurations,
        (manifest.configurations ?? []).map((configuration) => ({
          friendlyFamily: configuration.friendlyFamily,
          currentVersion: configuration.currentVersion,
          product: configuration.product,
          packages: configuration.packages ?? '',
          trueOptions: configuration.trueOptions ?? '',
          falseOptions: configuration.falseOptions ?? '',
          expirableOptions: configuration.expirableOptions ?? '',
          trueRanges: configuration.trueRanges ?? '',
          trueAnalytes: configuration.trueAnalytes ?? '',
        })),
        [configurations.friendlyFamily, configurations.currentVersion, configurations.product],
        {
          packages: configurations.packages,
          trueOptions: configurations.trueOptions,
          falseOptions: configurations.falseOptions,
          expirableOptions: configurations.expirableOptions,
          trueRanges: configurations.trueRanges,
          trueAnalytes: configurations.trueAnalytes,
        },
      ),
    };
  },

  async load(db) {
    const [optionRows, configurationRows] = await Promise.all([
      db.select().from(options),
      db.select().from(configurations),
    ]);
    return () => ({ options: optionRows, configurations: configurationRows });
  },

  recorded: { options, configurations },
} satisfies CatalogueSection<
  { options: Changes; configurations: Changes },
  { options: OptionRecord[]; configurations: ConfigurationRecord[] }
>;
