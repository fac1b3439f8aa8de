/**
 * The bundled AI-crawler catalogue read from the package's `catalogue/` folder (Node only; the
 * playground imports the same JSON through its bundler).
 */

import { readFileSync } from 'node:fs';
import { parseCatalogue, type CatalogueEntry } from './catalogue.js';

/** Returns the catalogue's `robots.json` text, from the package's `catalogue/` folder. */
export function readCatalogueJson(): string {
  // src/catalogue-file.ts and dist/catalogue-file.js both sit one level below the package root.
  return readFileSync(new URL('../catalogue/robots.json', import.meta.url), 'utf8');
}

let _cached: readonly CatalogueEntry[] | undefined;

/** Returns the bundled catalogue (read and parsed once). */
export function loadCatalogue(): readonly CatalogueEntry[] {
  _cached ??= parseCatalogue(readCatalogueJson());
  return _cached;
}
