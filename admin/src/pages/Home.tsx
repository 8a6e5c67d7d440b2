// /home (§2, docs/screens.md#home-tiles): tiles with live counts (each module registers its own), the software
// version and the documentation; with a parent context chosen in the menu, the
// board of that menu header first. The user unlocks the home to hide, show and
// reorder tiles; leaving while unlocked asks for confirmation.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardActionArea, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockIcon from '@mui/icons-material/Lock';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';
import { errorText, rest, useLeaveGuard, type RestAnswer } from '../ui';
import { findContext, useMenuTree } from '../layout/Menu';
import { openMenuKey, parentContext } from '../layout/menuContext';
import { DOCUMENTATION_URL } from '../layout/UserMenu';
import { ContextBoard } from './DynamicBoard';

declare const __APP_VERSION__: string;

type TilesAnswer = RestAnswer<'/home/tiles', 'get'>;
type HomeTile = TilesAnswer['tiles'][number];

const numberFr = new Intl.NumberFormat('fr-FR');
const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 } as const;

function TileCard({ tile, onOpen }: { tile: HomeTile; onOpen?: () => void }) {
  const body = (
    <CardContent>
      <Typography variant="overline" component="h2" sx={{ lineHeight: 1.3, display: 'block' }}>
        {tile.label}
      </Typography>
      {tile.detail !== undefined ? (
        <Typography variant="h6" component="p" data-testid={`tile-detail-${tile.key}`}>
          {tile.detail}
        </Typography>
      ) : (
        <Typography variant="h4" component="p" data-testid={`tile-count-${tile.key}`}>
          {tile.count === null ? '—' : numberFr.format(tile.count)}
        </Typography>
      )}
      {tile.warning && (
        <Typography variant="body2" color="error" role="alert" data-testid={`tile-warning-${tile.key}`}>
          {tile.warning}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card data-testid={`tile-${tile.key}`}>
      {onOpen ? <CardActionArea onClick={onOpen}>{body}</CardActionArea> : body}
    </Card>
  );
}

function Editor({ tiles, onSaved, onCancel }: { tiles: HomeTile[]; onSaved: () => void; onCancel: () => void }) {
  const [list, setList] = useState(tiles);
  const notify = useNotify();
  const move = (i: number, d: number) => {
    const j = i + d;
    if (j < 0 || j >= list.length) return;
    const next = [...list];
    [next[i], next[j]] = [next[j], next[i]];
    setList(next);
  };
  const save = async () => {
    try {
      await rest('post', '/home/layout', { body: { tiles: list.map((x) => ({ key: x.key, hidden: x.hidden })) } });
      notify('Enregistrement effectué', { type: 'success' });
      onSaved();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<LockIcon />} onClick={save}>
          Enregistrer
        </Button>
        <Button onClick={onCancel}>Annuler</Button>
      </Stack>
      <Box sx={grid}>
        {list.map((tile, i) => (
          <Card
            key={tile.key}
            data-testid={`edit-tile-${tile.key}`}
            sx={{ opacity: tile.hidden ? 0.5 : 1, outline: '2px dashed', outlineColor: 'divider' }}
          >
            <CardContent>
              <Typography variant="overline" component="h2" sx={{ display: 'block' }}>
                {tile.label}
              </Typography>
              <Stack direction="row" spacing={0.5}>
                <Tooltip title="Déplacer avant">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Déplacer ${tile.label} avant`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowBackIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Déplacer après">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Déplacer ${tile.label} après`}
                      disabled={i === list.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowForwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={tile.hidden ? 'Afficher' : 'Masquer'}>
                  <IconButton
                    size="small"
                    aria-label={`${tile.hidden ? 'Afficher' : 'Masquer'} ${tile.label}`}
                    onClick={() => setList(list.map((x) => (x.key === tile.key ? { ...x, hidden: !x.hidden } : x)))}
                  >
                    {tile.hidden ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
    </>
  );
}

export default function Home() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unlocked, setUnlocked] = useState(false);
  const { dialog } = useLeaveGuard({ when: unlocked, onLeave: () => setUnlocked(false) });
  const tilesQuery = (all: boolean) => ({
    queryKey: ['home-tiles', all],
    queryFn: () => rest('get', '/home/tiles', { query: { all: all ? '1' : undefined } }),
    staleTime: 0,
  });
  const { data } = useQuery(tilesQuery(unlocked));
  const { data: menu } = useMenuTree();
  const context = findContext(menu, parentContext());
  // The saved layout is fetched before relocking: the cached one would show the old tiles for a moment.
  const relock = async () => {
    await queryClient
      .fetchQuery(tilesQuery(false))
      .catch(() => queryClient.removeQueries({ queryKey: ['home-tiles', false] }));
    setUnlocked(false);
    queryClient.invalidateQueries({ queryKey: ['home-tiles', true] });
  };
  return (
    <Box sx={{ p: 2 }}>
      <Title title="Accueil" />
      <Stack direction="row" alignItems="center" sx={{ mb: 2 }} spacing={2}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Accueil
        </Typography>
        {!unlocked && (
          <Button startIcon={<LockOpenIcon />} onClick={() => setUnlocked(true)}>
            Déverrouiller
          </Button>
        )}
      </Stack>
      {context && !unlocked && (
        <Box sx={{ mb: 3 }}>
          <ContextBoard header={context} />
          <Button size="small" sx={{ mt: 1 }} onClick={() => openMenuKey('home', navigate)}>
            Accueil général
          </Button>
        </Box>
      )}
      {unlocked && data ? (
        <Editor tiles={data.tiles} onSaved={relock} onCancel={() => setUnlocked(false)} />
      ) : (
        <Box sx={grid}>
          {(data?.tiles ?? []).map((tile) => (
            <TileCard key={tile.key} tile={tile} onOpen={tile.route ? () => navigate(tile.route!) : undefined} />
          ))}
          <Card>
            <CardContent>
              <Typography variant="overline" component="h2">
                Version du logiciel
              </Typography>
              <Typography variant="h6" component="p">
                Bivouac {data?.version ?? __APP_VERSION__}
              </Typography>
            </CardContent>
          </Card>
          <Card>
            <CardActionArea onClick={() => window.open(DOCUMENTATION_URL, '_blank', 'noopener')}>
              <CardContent>
                <Typography variant="overline" component="h2">
                  Documentation
                </Typography>
                <Stack direction="row" spacing={1} alignItems="center">
                  <MenuBookIcon />
                  <Typography>Guide de l'utilisateur (PDF)</Typography>
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        </Box>
      )}
      {dialog}
    </Box>
  );
}
