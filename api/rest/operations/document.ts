// The spec's generic documents (§7, docs/api.md): `GET {base}/document?id=` (or POST with `{ id }`) is
// a record's document as PDF — the module's own (a bill: its stored PDF) or a sheet of
// its fields; without id, the list (the list's filters, or the search body) as PDF.
// `GET {base}/document_info/{id}` describes that file: generateFilePath,
// generateFileName, fileName, extension (§3 (docs/entities.md) « Document file »).
import { entityMeta } from '../entities';
import { applyFilter, applySort, parseRestQuery, parseSearchBody, readableColumns } from '../query';
import { display, exportFields } from '../csv';
import { parseId } from '../records';
import { notFound } from '../../http/errors';
import { renderPdf, type Block } from '../../domain/establishment/pdf';
import { entityDocument } from '../documents';
import type { EntityMeta } from '../../../common/entity-meta';
import type { Knex } from 'knex';
import type { OperationHandler } from './context';
import { maskRow, maskRows } from '../secrets';

type Row = Record<string, unknown>;
const LIST_LIMIT = 500;

/** A query of the entity's rows with each reference's representation as `<field>Label`. */
function withLabels(knex: Knex, meta: EntityMeta) {
  const q = knex(meta.table).select(readableColumns(meta));
  for (const f of meta.fields) {
    if (!f.ref) continue;
    const target = entityMeta(f.ref.entity);
    const alias = `r_${f.column}`;
    const rep = target.fields.find((x) => x.name === target.representation)!;
    q.leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `${meta.table}.${f.column}`);
    q.select(knex.raw('??.?? as ??', [alias, rep.column, `${f.column}_label`]));
  }
  return q;
}

const text = (meta: EntityMeta, name: string, row: Row): string => {
  const f = meta.fields.find((x) => x.name === name);
  if (!f) return '';
  const v = f.kind === 'ref' ? (row[`${f.name}Label`] ?? row[f.name]) : display(f, row[f.name]);
  return v === null || v === undefined ? '' : String(v);
};

const safeName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'document';

async function recordRow(knex: Knex, meta: EntityMeta, id: number): Promise<Row> {
  const row = await withLabels(knex, meta).where(`${meta.table}.id`, id).first();
  if (!row) throw notFound();
  return row;
}

export const documentInfo: OperationHandler = async ({ ctx, knex, meta, params }) => {
  const id = parseId(params.id);
  const own = entityDocument(meta.name);
  if (own) {
    ctx.body = await own.info(knex, id);
    return;
  }
  const row = await recordRow(knex, meta, id);
  ctx.body = {
    generateFilePath: `/rest/${meta.base}/document`,
    generateFileName: `${meta.name}-${id}.pdf`,
    fileName: `${safeName(`${meta.label.one} ${text(meta, meta.representation, row)}`)}.pdf`,
    extension: 'pdf',
  };
};

export const document: OperationHandler = async ({ ctx, knex, meta, body, userId: _userId }) => {
  const raw = ctx.method === 'GET' ? ctx.query.id : (body as Row | undefined)?.id;
  let pdf: Buffer, name: string;
  if (raw !== undefined && raw !== null && raw !== '') {
    const id = parseId(raw);
    const own = entityDocument(meta.name);
    if (own) ({ data: pdf, name } = await own.file(knex, id));
    else {
      const row = maskRow(meta.name, await recordRow(knex, meta, id));
      const title = `${meta.label.one} ${text(meta, meta.representation, row)}`.trim();
      const blocks: Block[] = [{ kind: 'title', text: title }];
      for (const f of exportFields(meta))
        if (f.kind !== 'json') blocks.push({ kind: 'paragraph', text: `${f.label} : ${text(meta, f.name, row)}` });
      pdf = renderPdf(blocks, { title });
      name = `${safeName(title)}.pdf`;
    }
  } else {
    const { id: _id, ...criteria } = (body as Row | undefined) ?? {};
    const p =
      ctx.method === 'GET' ? parseRestQuery(meta, ctx.query) : parseSearchBody(meta, { pageSize: 5000, ...criteria });
    const q = withLabels(knex, meta);
    applyFilter(q, meta, p.filter);
    applySort(q, meta, p.sort);
    const rows: Row[] = maskRows(meta.name, await q.limit(LIST_LIMIT + 1));
    const columns = meta.listFields.length ? meta.listFields : [meta.representation];
    const blocks: Block[] = [
      { kind: 'title', text: meta.label.many },
      {
        kind: 'paragraph',
        text:
          rows.length > LIST_LIMIT
            ? `Les ${LIST_LIMIT} premiers éléments (précisez les filtres pour les autres).`
            : `${rows.length} élément${rows.length > 1 ? 's' : ''}.`,
      },
      { kind: 'heading', text: columns.map((c) => meta.fields.find((f) => f.name === c)?.label ?? c).join(' — ') },
      ...rows
        .slice(0, LIST_LIMIT)
        .map((r): Block => ({ kind: 'bullet', text: columns.map((c) => text(meta, c, r) || '—').join(' — ') })),
    ];
    pdf = renderPdf(blocks, { title: meta.label.many });
    name = `${safeName(meta.label.many)}.pdf`;
  }
  ctx.set('Content-Type', 'application/pdf');
  ctx.set('Content-Disposition', `inline; filename="${name}"`);
  ctx.body = pdf;
};
