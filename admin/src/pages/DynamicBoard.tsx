// The board of a menu header (§2 (docs/screens.md#main-menu) parent context; /dynamic-board/{parentContextId}):
// the header's screens as cards.
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import type { MenuEntry, MenuGroup } from '../../../common/menu-tree';
import { findContext, useMenuTree } from '../layout/Menu';
import { NotFound } from '../ui';

const items = (entries: MenuEntry[]): { key: string; label: string }[] =>
  entries.flatMap((e) => (e.type === 'item' ? [{ key: e.key, label: e.label }] : items(e.children)));

export function ContextBoard({ header }: { header: MenuGroup }) {
  const navigate = useNavigate();
  return (
    <Box data-testid="context-board">
      <Typography variant="h6" component="h2" gutterBottom>
        {header.label}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5 }}>
        {items(header.children).map((i) => (
          <Card key={i.key} variant="outlined">
            <CardActionArea onClick={() => navigate(`/${i.key}`)}>
              <CardContent>
                <Typography>{i.label}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export default function DynamicBoard() {
  const { parentContextId } = useParams();
  const { data, isPending } = useMenuTree();
  if (isPending) return null;
  const header = findContext(data, /^\d+$/.test(parentContextId ?? '') ? Number(parentContextId) : null);
  if (!header) return <NotFound />;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={header.label} />
      <ContextBoard header={header} />
    </Box>
  );
}
