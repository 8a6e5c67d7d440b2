// Adding or changing one channel mapping (entity channel-mapping, generic /rest/ routes):
// the channel's code and label, and what it means here — a place type, a grid, an age
// category with the channel's age and its limit, an extra, a place and its iCal feed.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { errorText, records, type EntityName, type Row } from '../../admin/src/ui';

export type Kind = 'place-type' | 'rate-plan' | 'age-category' | 'extra' | 'place-feed';

export const KIND_LABELS: Record<Kind, string> = {
  'place-type': "Type d'hébergement",
  'rate-plan': 'Plan tarifaire',
  'age-category': "Catégorie d'âge",
  extra: 'Prestation',
  'place-feed': 'Emplacement (unité, calendrier iCal)',
};
const AGES: Record<string, string> = { adult: 'Adulte', child: 'Enfant', infant: 'Bébé' };

const useList = <E extends EntityName>(entity: E) =>
  useQuery({ queryKey: ['mapping-targets', entity], queryFn: () => records.list(entity, { range: [0, 999] }) });

/** The reference lists a mapping points into, and how a mapping reads. */
export function useTargets() {
  const placeTypes = useList('place-type');
  const places = useList('place');
  const ages = useList('age-category');
  const extras = useList('extra');
  const grids = useList('price-grid');
  const name = (rows: Row[] | undefined, id: number | null, f: (r: Row) => string) => {
    const r = id == null ? undefined : rows?.find((x) => x.id === id);
    return r ? f(r) : '—';
  };
  return {
    placeTypes: placeTypes.data ?? [],
    places: places.data ?? [],
    ages: ages.data ?? [],
    extras: extras.data ?? [],
    grids: grids.data ?? [],
    describe(m: Row): string {
      switch (m.kind as Kind) {
        case 'place-type':
          return name(placeTypes.data, m.placeTypeId, (r) => `${r.code} — ${r.label}`);
        case 'rate-plan':
          return [
            name(placeTypes.data, m.placeTypeId, (r) => r.label),
            name(grids.data, m.priceGridId, (r) => r.label),
          ].join(' · ');
        case 'age-category':
          return (
            `${AGES[m.channelAge] ?? '—'} → ${name(ages.data, m.ageCategoryId, (r) => r.label)}` +
            (m.maxAge != null ? ` (jusqu’à ${m.maxAge} ans)` : '')
          );
        case 'extra':
          return name(extras.data, m.extraId, (r) => r.label);
        default:
          return `${name(places.data, m.placeId, (r) => r.code)}${m.feedUrl ? ' · calendrier iCal' : ''}`;
      }
    },
  };
}

type Targets = ReturnType<typeof useTargets>;

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: unknown;
  options: [number | string, string][];
  onChange: (v: unknown) => void;
}) {
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
    >
      <MenuItem value="">—</MenuItem>
      {options.map(([id, l]) => (
        <MenuItem key={id} value={id}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function MappingDialog({
  row,
  kinds,
  targets,
  onClose,
  onSaved,
}: {
  row: Row | null;
  kinds: Kind[];
  targets: Targets;
  onClose: () => void;
  onSaved: () => Promise<unknown> | void;
}) {
  const [v, setV] = useState<Row>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setV(row ?? {});
    setError(null);
  }, [row]);
  const set = (k: string) => (x: unknown) => setV((o) => ({ ...o, [k]: x }));
  const num = (k: string) => (x: unknown) => set(k)(x == null ? null : Number(x));
  const save = async () => {
    const body = {
      moduleId: v.moduleId,
      kind: v.kind,
      externalCode: v.externalCode ?? '',
      externalLabel: v.externalLabel || null,
      placeTypeId: v.placeTypeId ?? null,
      placeId: v.placeId ?? null,
      priceGridId: v.priceGridId ?? null,
      ageCategoryId: v.ageCategoryId ?? null,
      channelAge: v.channelAge ?? null,
      maxAge: v.maxAge === '' || v.maxAge == null ? null : Number(v.maxAge),
      extraId: v.extraId ?? null,
      feedUrl: v.feedUrl || null,
      ...(v.version ? { version: v.version } : {}),
    };
    try {
      await records.save('channel-mapping', { ...body, id: v.id });
      await onSaved();
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const kind = v.kind as Kind;
  return (
    <Dialog open={!!row} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{v.id ? 'Modifier la correspondance' : 'Nouvelle correspondance'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Select
            label="Correspondance"
            value={kind}
            options={kinds.map((k) => [k, KIND_LABELS[k]])}
            onChange={set('kind')}
          />
          <TextField
            label="Code sur le canal"
            value={v.externalCode ?? ''}
            onChange={(e) => set('externalCode')(e.target.value)}
          />
          <TextField
            label="Libellé sur le canal"
            value={v.externalLabel ?? ''}
            onChange={(e) => set('externalLabel')(e.target.value)}
          />
          {(kind === 'place-type' || kind === 'rate-plan') && (
            <Select
              label="Type d'emplacement"
              value={v.placeTypeId}
              options={targets.placeTypes.map((r) => [r.id, `${r.code} — ${r.label}`])}
              onChange={num('placeTypeId')}
            />
          )}
          {kind === 'rate-plan' && (
            <Select
              label="Grille tarifaire"
              value={v.priceGridId}
              options={targets.grids.map((r) => [r.id, r.label])}
              onChange={num('priceGridId')}
            />
          )}
          {kind === 'age-category' && (
            <>
              <Select
                label="Âge sur le canal"
                value={v.channelAge}
                options={Object.entries(AGES)}
                onChange={set('channelAge')}
              />
              <Select
                label="Catégorie d'âge"
                value={v.ageCategoryId}
                options={targets.ages.map((r) => [r.id, r.label])}
                onChange={num('ageCategoryId')}
              />
              <TextField
                label="Âge maximal"
                type="number"
                value={v.maxAge ?? ''}
                onChange={(e) => set('maxAge')(e.target.value)}
              />
            </>
          )}
          {kind === 'extra' && (
            <Select
              label="Prestation"
              value={v.extraId}
              options={targets.extras.map((r) => [r.id, r.label])}
              onChange={num('extraId')}
            />
          )}
          {kind === 'place-feed' && (
            <>
              <Select
                label="Emplacement"
                value={v.placeId}
                options={targets.places.map((r) => [r.id, r.code])}
                onChange={num('placeId')}
              />
              <TextField
                label="Adresse du calendrier (iCal)"
                value={v.feedUrl ?? ''}
                onChange={(e) => set('feedUrl')(e.target.value)}
                helperText={
                  v.feedUrl?.startsWith('••••')
                    ? 'Masquée (jeton secret) : saisissez une adresse pour la remplacer'
                    : undefined
                }
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Retour</Button>
        <Button variant="contained" onClick={save}>
          Enregistrer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
