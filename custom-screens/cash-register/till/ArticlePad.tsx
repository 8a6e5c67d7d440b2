// The till's article side: families as tabs, article buttons (colour, price, stock left) in
// pages, and the code or barcode field.
import { Box, Button, Pagination, Tab, Tabs, TextField } from '@mui/material';
import { formatCents } from '../../../common/money';
import { countFr } from '../../../common/french';
import { articlePage, inTicket, type Till } from './model';
import type { TillState } from './useTill';

export function ArticlePad({ s, data }: { s: TillState; data: Till }) {
  const { pages, shown } = articlePage(data.register, data.articles, s.family, s.page);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={s.family}
        onChange={(_, v) => {
          s.setFamily(v);
          s.setPage(1);
        }}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Familles d'articles"
      >
        <Tab value="all" label="Tout" />
        {data.families.map((f) => (
          <Tab key={f.id} value={f.id} label={f.label} sx={{ borderBottom: `3px solid ${f.color}` }} />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1, mt: 1 }}>
        {shown.map((a) => {
          const left = a.isStockTracked ? a.stock - inTicket(s.lines, a.id) : null;
          return (
            <Button
              key={a.id}
              variant="contained"
              onClick={() => s.addArticle(a)}
              disabled={!s.canWrite || (left != null && left <= 0)}
              sx={{ minHeight: 72, flexDirection: 'column', textTransform: 'none', bgcolor: a.color ?? undefined }}
              data-testid={`article-${a.code}`}
            >
              <span>{a.label}</span>
              <strong>{formatCents(a.price)}</strong>
              {left != null && <small>{countFr(left, 'en stock', 'en stock')}</small>}
            </Button>
          );
        })}
      </Box>
      {pages > 1 && <Pagination count={pages} page={s.page} onChange={(_, p) => s.setPage(p)} sx={{ mt: 1 }} />}
      <TextField
        inputRef={s.codeRef}
        label="Code ou code-barres puis Entrée (Entrée seule : encaisser)"
        value={s.code}
        onChange={(e) => s.setCode(e.target.value)}
        onKeyDown={s.byCode}
        size="small"
        sx={{ mt: 2 }}
        fullWidth
        inputProps={{ 'data-testid': 'article-code' }}
        autoFocus
      />
    </Box>
  );
}
