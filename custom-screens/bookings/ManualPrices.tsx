// The editor of manual prices (the accommodation per night, an option's unit price):
// each replaces what the grid computed, is kept, and is flagged « Prix modifié manuellement ».
import { useState } from 'react';
import { Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { formatCents, parseEurosToCents } from '../../common/money';
import { MANUAL_LABEL, priceItems, type PriceItem, type PriceOverride, type Quote } from './priceModel';

export function ManualChip() {
  return <Chip size="small" color="warning" label={MANUAL_LABEL} data-testid="manual-price" />;
}

function PriceInput({
  item,
  override,
  disabled,
  onChange,
}: {
  item: PriceItem;
  override: number | null;
  disabled?: boolean;
  onChange: (cents: number | null) => void;
}) {
  const [text, setText] = useState(override == null ? '' : formatCents(override, false));
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const cents = parseEurosToCents(text);
    if (cents !== null && (Number.isNaN(cents) || cents < 0)) {
      setError('Prix incorrect');
      return;
    }
    setError(null);
    if (cents !== override) onChange(cents);
  };
  const id = item.key == null ? 'stay' : String(item.key);
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Typography sx={{ minWidth: 220 }}>{item.label}</Typography>
      <TextField
        size="small"
        sx={{ width: 170 }}
        label={item.unit}
        value={text}
        disabled={disabled}
        placeholder={item.current == null ? '' : formatCents(item.current, false)}
        error={!!error}
        helperText={
          error ??
          (override != null
            ? ' '
            : item.current == null
              ? 'aucun prix de grille'
              : `grille : ${formatCents(item.current)}`)
        }
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        inputProps={{ inputMode: 'decimal', 'data-testid': `price-override-${id}` }}
      />
      {override != null && (
        <>
          <ManualChip />
          <Tooltip title="Revenir au prix de la grille">
            <span>
              <IconButton
                size="small"
                aria-label={`Prix de la grille : ${item.label}`}
                disabled={disabled}
                onClick={() => {
                  setText('');
                  onChange(null);
                }}
              >
                <RestoreIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}

/** The manual prices of an occupancy: empty field = the grid's price. */
export function ManualPrices({
  quote,
  overrides,
  onChange,
  disabled,
}: {
  quote: Quote;
  overrides: PriceOverride[];
  onChange: (o: PriceOverride[]) => void;
  disabled?: boolean;
}) {
  const items = priceItems(quote);
  const set = (key: number | null, cents: number | null) => {
    const others = overrides.filter((o) => o.priceGridOptionId !== key);
    onChange(cents == null ? others : [...others, { priceGridOptionId: key, unitPrice: cents }]);
  };
  return (
    <Stack spacing={1} aria-label="Prix manuels">
      <Typography variant="subtitle2">Prix manuels (vide : prix de la grille)</Typography>
      {items.map((item) => {
        const o = overrides.find((x) => x.priceGridOptionId === item.key);
        return (
          <PriceInput
            key={`${item.key}-${o?.unitPrice ?? ''}`}
            item={item}
            override={o?.unitPrice ?? null}
            disabled={disabled}
            onChange={(c) => set(item.key, c)}
          />
        );
      })}
    </Stack>
  );
}
