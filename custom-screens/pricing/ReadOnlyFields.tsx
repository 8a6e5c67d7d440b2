// A stored (historic) row shown field by field, read-only.
import { Box, Paper, Typography } from '@mui/material';
import type { EntityMeta } from '../../common/entity-meta';
import { formatRate } from '../../common/money';
import { dateFr, euros, labelOf, weekdays, type Row } from './common';

export function ReadOnlyFields({ meta, record, fields }: { meta: EntityMeta; record: Row; fields: string[] }) {
  const show = (name: string) => {
    const f = meta.fields.find((x) => x.name === name)!;
    const v = record[name];
    if (v === null || v === undefined || v === '') return '—';
    switch (f.kind) {
      case 'money':
        return euros(v);
      case 'rate':
        return `${formatRate(v)} %`;
      case 'date':
        return dateFr(v);
      case 'boolean':
        return v ? 'oui' : 'non';
      case 'enum':
        return labelOf(meta, name, v);
      case 'json':
        return Array.isArray(v) && name.endsWith('Days') ? weekdays(v) : JSON.stringify(v);
      default:
        return String(v);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {fields.map((name) => (
        <Box key={name} sx={{ display: 'flex', gap: 1 }}>
          <Typography color="text.secondary" sx={{ minWidth: 320 }}>
            {meta.fields.find((x) => x.name === name)?.label}
          </Typography>
          <Typography data-field={name}>{show(name)}</Typography>
        </Box>
      ))}
    </Paper>
  );
}
