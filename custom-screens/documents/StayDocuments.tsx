// The document buttons of a stay's screen: its confirmation (quote, option) printed as a
// PDF in a new tab, or e-mailed to the customer in their language with the PDF attached
// (POST /rest/booking/{id}/send-document). The model used is the function's default
// e-mail configuration; without one, the buttons say where to create it.
import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import DescriptionIcon from '@mui/icons-material/Description';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { records, rest, useCan, type EntityRecord } from '../../admin/src/ui';

type FunctionCode = EntityRecord<'document-function-model'>['functionCode'];

const FUNCTION_OF_KIND: Record<string, FunctionCode> = {
  quote: 'quote',
  option: 'option',
  booking: 'booking-confirmation',
};
const LABEL_OF_KIND: Record<string, string> = { quote: 'Devis', option: 'Option', booking: 'Confirmation' };

async function defaultConfiguration(functionCode: FunctionCode): Promise<number | null> {
  const models = await records.list('document-function-model', { filter: { functionCode }, range: [0, 49] });
  for (const m of models.filter((x) => x.isActive)) {
    const mcs = await records.list('mailing-configuration', {
      filter: { documentFunctionModelId: m.id },
      range: [0, 49],
      sort: ['id', 'ASC'],
    });
    const pick = mcs.find((x) => x.isDefault) ?? mcs[0];
    if (pick) return pick.id;
  }
  return null;
}

export function StayDocuments({ bookingId, kind }: { bookingId: number; kind: string }) {
  const notify = useNotify();
  const canRead = useCan('documents.model', 'read');
  const canSend = useCan('booking.booking', 'write');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const functionCode = FUNCTION_OF_KIND[kind] ?? 'booking-confirmation';
  const config = useQuery({
    queryKey: ['default-mailing-configuration', functionCode],
    queryFn: () => defaultConfiguration(functionCode),
    enabled: canRead,
  });
  if (!canRead) return null;
  const missing = config.data === null;

  const print = () => {
    setAnchor(null);
    if (config.data) window.open(`/rest/printing/${config.data}/booking/${bookingId}/0`, '_blank', 'noopener');
  };
  const send = async () => {
    setAnchor(null);
    if (!config.data) return;
    setBusy(true);
    try {
      const r = await rest('post', '/booking/{bookingId}/send-document', {
        path: { bookingId },
        body: { mailingConfigurationId: config.data },
      });
      if (r.status === 'sent') notify(`E-mail envoyé à ${r.to}`, { type: 'success' });
      else notify(`E-mail mis en attente : ${r.error ?? ''}`, { type: 'warning' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        startIcon={<DescriptionIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={busy || config.isPending}
      >
        {LABEL_OF_KIND[kind] ?? 'Document'}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {missing && <MenuItem disabled>Aucun modèle : créez-le dans Modèles de documents</MenuItem>}
        <MenuItem onClick={print} disabled={missing}>
          Imprimer (PDF)
        </MenuItem>
        {canSend && (
          <MenuItem onClick={send} disabled={missing}>
            Envoyer par e-mail au client
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
