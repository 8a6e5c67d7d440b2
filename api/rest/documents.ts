// The documents a module gives for its records (spec §7 (docs/api.md) `{base}/document`,
// `{base}/document_info/{id}`): the bill its stored PDF… An entity without one is
// printed as a plain record sheet (operations/document.ts).
import type { Knex } from 'knex';

export interface DocumentFile {
  data: Buffer;
  /** the file name offered to the browser */
  name: string;
}
export interface DocumentInfo {
  generateFilePath: string;
  generateFileName: string;
  fileName: string;
  extension: string;
}
export interface EntityDocument {
  file(knex: Knex, id: number): Promise<DocumentFile>;
  info(knex: Knex, id: number): Promise<DocumentInfo>;
}

const documents = new Map<string, EntityDocument>();

export function registerEntityDocument(entity: string, doc: EntityDocument): void {
  documents.set(entity, doc);
}

export const entityDocument = (entity: string): EntityDocument | undefined => documents.get(entity);
