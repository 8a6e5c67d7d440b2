// @e-invoice-eu/core without the packages of the paths we never take. The library is one
// bundle that requires all its packages as it loads: pdf-lib (to attach the XML to a
// finished PDF: pdfkit writes the attachment as the bill renders, ./facturx-pdf.ts),
// the spreadsheet reader and tmp-promise (spreadsheet mapping, LibreOffice), and
// xmlbuilder2 (the XML writer: ./facturx-xml.ts writes the XML but for the shapes it
// leaves to the library). They were most of the library's load (1,4 s of CPU, 0,3 s
// without) and some 30 MiB of a worker's RSS after a Factur-X bill
// (tests/bench/facturx-load.bench.ts). While the library loads, its requires of those
// packages answer a stand-in whose properties load the real package at their first
// read: a path that does use one (the fallback writer) still gets it, only later. No
// fork, no deep import: the published bundle has no smaller entry.
import { createRequire } from 'node:module';
import type * as Core from '@e-invoice-eu/core';

const require = createRequire(import.meta.url);

/**
 * The packages loaded at first use, with the names the library's bundle reads of each
 * (tests/unit/billing/einvoice-lib.test.ts checks them against the bundle: a name left
 * out would read undefined).
 */
export const LAZY_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  '@cantoo/pdf-lib': ['AFRelationship', 'PDFArray', 'PDFDocument', 'PDFHexString', 'PDFName', 'PDFNumber', 'PDFString'],
  '@e965/xlsx': ['read', 'utils'],
  'tmp-promise': ['dir', 'file', 'tmpName'],
  xmlbuilder2: ['create'],
};

/**
 * A stand-in for a package: its `names` as getters that load it at the first read.
 * Enumerable getters, so that the bundle's namespace copy (`_interopNamespaceDefault`,
 * which copies getters as they are) stays lazy.
 */
function lazyPackage(load: () => Record<string, unknown>, names: readonly string[]): object {
  let real: Record<string, unknown> | undefined;
  const stub = {};
  for (const name of names)
    Object.defineProperty(stub, name, { enumerable: true, configurable: true, get: () => (real ??= load())[name] });
  return stub;
}

/** Node's CommonJS loader: every `require` of a CommonJS module goes through `_load`. */
interface CjsLoader {
  _load(request: string, parent: { filename?: string } | null | undefined, isMain: boolean): unknown;
}

function loadLibrary(): typeof Core {
  const entry = require.resolve('@e-invoice-eu/core');
  const fromLibrary = createRequire(entry);
  const stubs = new Map(
    Object.entries(LAZY_PACKAGES).map(([id, names]) => [
      id,
      lazyPackage(() => fromLibrary(id) as Record<string, unknown>, names),
    ]),
  );
  const loader = require('node:module') as CjsLoader;
  const load = loader._load;
  // Only the library's own requires, and only while it loads (they all run then).
  loader._load = function lazyLoad(this: CjsLoader, request, parent, isMain) {
    const stub = parent?.filename === entry ? stubs.get(request) : undefined;
    return stub ?? load.call(this, request, parent, isMain);
  };
  try {
    return require('@e-invoice-eu/core') as typeof Core;
  } finally {
    loader._load = load;
  }
}

const library = loadLibrary();
export const { FormatFactoryService, invoiceSchema, ValidationService } = library;
export type { EInvoiceFormat, Invoice, InvoiceServiceOptions, Logger } from '@e-invoice-eu/core';
