// The rights matrix editor (§6, docs/rights.md): functional areas × sub-functions, one level per
// row (000 none, 001 read, 011 create/modify, 111 create/modify/delete) with its
// flags, and the separate export flag. Used for groups and for a user's specific rights.
import {
  Box,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { FUNCTIONAL_AREAS } from '../../../../common/functionalities';
import {
  LEVELS,
  LEVEL_LABELS,
  NO_RIGHT,
  flagsOf,
  levelOf,
  normalise,
  type Level,
  type RightFlags,
  type RightsMap,
} from '../../../../common/rights';

export function RightsMatrix({
  value,
  onChange,
  readOnly,
}: {
  value: RightsMap;
  onChange: (next: RightsMap) => void;
  readOnly?: boolean;
}) {
  const set = (key: string, f: RightFlags) => onChange({ ...value, [key]: normalise(f) });
  const setArea = (area: string, level: Level) => {
    const next = { ...value };
    for (const s of FUNCTIONAL_AREAS.find((a) => a.key === area)!.subs) {
      const key = `${area}.${s.key}`;
      next[key] = flagsOf(level, (value[key] ?? NO_RIGHT).canExport);
    }
    onChange(next);
  };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Matrice des droits" sx={{ '& td, & th': { py: 0.25 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Fonction</TableCell>
            <TableCell>Niveau</TableCell>
            <TableCell align="center">Lecture</TableCell>
            <TableCell align="center">Création / modification</TableCell>
            <TableCell align="center">Suppression</TableCell>
            <TableCell align="center">Export</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {FUNCTIONAL_AREAS.map((area) => (
            <AreaRows key={area.key} area={area} value={value} readOnly={readOnly} set={set} setArea={setArea} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function AreaRows({
  area,
  value,
  readOnly,
  set,
  setArea,
}: {
  area: (typeof FUNCTIONAL_AREAS)[number];
  value: RightsMap;
  readOnly?: boolean;
  set: (key: string, f: RightFlags) => void;
  setArea: (area: string, level: Level) => void;
}) {
  return (
    <>
      <TableRow sx={{ bgcolor: 'action.hover' }}>
        <TableCell colSpan={2}>
          <Typography variant="subtitle2" component="span">
            {area.label}
          </Typography>
        </TableCell>
        <TableCell colSpan={4} align="right">
          {!readOnly && (
            <Typography variant="caption" component="span">
              Tout le domaine :{' '}
              {LEVELS.map((l) => (
                <Tooltip key={l} title={LEVEL_LABELS[l]}>
                  <Box
                    component="button"
                    type="button"
                    aria-label={`${area.label} : ${LEVEL_LABELS[l]}`}
                    onClick={() => setArea(area.key, l)}
                    sx={{
                      border: 0,
                      background: 'none',
                      cursor: 'pointer',
                      fontFamily: 'monospace',
                      color: 'primary.main',
                      px: 0.5,
                    }}
                  >
                    {l}
                  </Box>
                </Tooltip>
              ))}
            </Typography>
          )}
        </TableCell>
      </TableRow>
      {area.subs.map((s) => {
        const key = `${area.key}.${s.key}`;
        const f = value[key] ?? NO_RIGHT;
        const level = levelOf(f);
        return (
          <TableRow key={key} data-functionality={key} hover>
            <TableCell sx={{ pl: 3 }}>{s.label}</TableCell>
            <TableCell>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={level}
                disabled={readOnly}
                aria-label={`Niveau : ${s.label}`}
                onChange={(_e, l: Level | null) => l && set(key, flagsOf(l, f.canExport))}
              >
                {LEVELS.map((l) => (
                  <ToggleButton
                    key={l}
                    value={l}
                    aria-label={`${s.label} ${l}`}
                    title={LEVEL_LABELS[l]}
                    sx={{ fontFamily: 'monospace', py: 0, px: 1 }}
                  >
                    {l}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </TableCell>
            <TableCell align="center">
              <Checkbox
                size="small"
                disabled={readOnly}
                checked={f.canRead}
                inputProps={{ 'aria-label': `Lecture : ${s.label}` }}
                onChange={(e) => set(key, e.target.checked ? { ...f, canRead: true } : { ...NO_RIGHT })}
              />
            </TableCell>
            <TableCell align="center">
              <Checkbox
                size="small"
                disabled={readOnly}
                checked={f.canWrite}
                inputProps={{ 'aria-label': `Création / modification : ${s.label}` }}
                onChange={(e) =>
                  set(key, e.target.checked ? { ...f, canWrite: true } : { ...f, canWrite: false, canDelete: false })
                }
              />
            </TableCell>
            <TableCell align="center">
              <Checkbox
                size="small"
                disabled={readOnly}
                checked={f.canDelete}
                inputProps={{ 'aria-label': `Suppression : ${s.label}` }}
                onChange={(e) => set(key, { ...f, canDelete: e.target.checked })}
              />
            </TableCell>
            <TableCell align="center">
              <Checkbox
                size="small"
                disabled={readOnly || !f.canRead}
                checked={f.canExport}
                inputProps={{ 'aria-label': `Export : ${s.label}` }}
                onChange={(e) => set(key, { ...f, canExport: e.target.checked })}
              />
            </TableCell>
          </TableRow>
        );
      })}
    </>
  );
}
