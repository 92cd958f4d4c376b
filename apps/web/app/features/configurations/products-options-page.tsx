import type { Configurations, Options } from '@portal/contracts';
import { OptionsIcon } from '../../shared/components/icons';
import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { loadStaffData } from '../../shared/identity/staff-data';
import { StaffDataView, StaffToolPage, staffToolMeta } from '../../shared/identity/staff-tool-page';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import table from '../../styles/data-table.module.css';
import type { Route } from './+types/products-options-page';
import { getConfigurations } from './api/get-configurations';
import { getOptions } from './api/get-options';
import { productsOptions, type ConfigurationTable } from './configuration-tables';
import styles from './products-options-page.module.css';

export const meta = () =>
  staffToolMeta(
    DESTINATIONS.serviceProductsOptions,
    'The products and options of each Cornerstone family. For company employees and service staff.',
  );

const FAMILY_PARAM = 'family';
const FILTER_PARAM = 'filter';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadStaffData(request, async (signal) => {
    const [options, configurations] = await Promise.all([getOptions(signal), getConfigurations(signal)]);
    return { options, configurations };
  });
}
// Staff screens are browser-only pages: their loader runs when the page is opened.
clientLoader.hydrate = true as const;

/** The family and the filter only choose among what is loaded: changing them loads nothing. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export function HydrateFallback() {
  return <h1>{DESTINATIONS.serviceProductsOptions.title}</h1>;
}

export default function ProductsOptionsPage({ loaderData }: Route.ComponentProps) {
  return (
    <StaffToolPage destination={DESTINATIONS.serviceProductsOptions} icon={OptionsIcon} result={loaderData}>
      <p className={styles.lead}>
        The products of each Cornerstone family and version, with their default and optional features.
      </p>
      <StaffDataView result={loaderData}>
        {({ options, configurations }) => <ProductsOptions options={options} configurations={configurations} />}
      </StaffDataView>
    </StaffToolPage>
  );
}

function ProductsOptions(data: { configurations: Configurations; options: Options }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get(FILTER_PARAM) ?? '';
  const { families, family, tables } = productsOptions(data.configurations, data.options, {
    family: searchParams.get(FAMILY_PARAM),
    filter,
  });
  const update = (name: string, value: string, replace: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  if (family === undefined) return <p className={styles.empty}>No product configurations have been published.</p>;
  return (
    <>
      <form role="search" className={styles.controls} onSubmit={(event) => event.preventDefault()}>
        <label className={styles.field}>
          Family
          <select value={family} onChange={(event) => update(FAMILY_PARAM, event.target.value, false)}>
            {families.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Filter products and features
          <input
            type="search"
            defaultValue={filter}
            // A new family (Back included) starts from the URL's filter.
            key={family}
            onChange={(event) => update(FILTER_PARAM, event.target.value, true)}
          />
        </label>
      </form>
      {tables.length === 0 ? (
        <p className={styles.empty} role="status">
          No products of {family} match “{filter.trim()}”.
        </p>
      ) : (
        tables.map((configurationTable) => <VersionTable key={configurationTable.version} table={configurationTable} />)
      )}
    </>
  );
}

function VersionTable({ table: { version, rows, showAnalytes, showPackages } }: { table: ConfigurationTable }) {
  const headingId = `configurations-${version.replace(/[^A-Za-z0-9-]/g, '_')}`;
  return (
    <section>
      <h2 id={headingId} className={styles.version}>
        Cornerstone {version} Configurations
      </h2>
      <div className={table.scroller} role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className={table.table} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              {showAnalytes ? <th scope="col">Analytes</th> : null}
              {showPackages ? <th scope="col">Packages</th> : null}
              <th scope="col">Default Features</th>
              <th scope="col">Optional Features</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.product}>
                <th scope="row">{row.product}</th>
                {showAnalytes ? <ListCell texts={row.analytes} /> : null}
                {showPackages ? <ListCell texts={row.packages} /> : null}
                <ListCell texts={row.defaultFeatures} />
                <ListCell texts={row.optionalFeatures} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ListCell({ texts }: { texts: string[] }) {
  return (
    <td>
      {texts.length > 0 ? (
        <ul className={styles.list}>
          {texts.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      ) : null}
    </td>
  );
}
