// /mailing-criteria/{mailingCriteriaId}: a mailing criteria edited field by field — the
// criteria the campaign engine reads (api/domain/documents/campaigns.ts), no raw JSON —
// and, once saved, how many consenting customers it reaches now (the campaign preview).
// A custom screen because the generated form shows the criteria as one JSON field.
import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteArrayInput, ReferenceArrayInput, TextInput, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { meta } from '../../common/generated/meta/mailing-criteria';
import { countFr } from '../../common/french';
import { EntityForm, DateInputFr, MoneyInput, NumberInputFr, rest } from '../../admin/src/ui';

type Row = Record<string, unknown>;

function Ids({
  source,
  label,
  reference,
  optionText,
}: {
  source: string;
  label: string;
  reference: string;
  optionText: string;
}) {
  return (
    <ReferenceArrayInput source={source} reference={reference} perPage={500} sort={{ field: 'id', order: 'ASC' }}>
      <AutocompleteArrayInput
        label={label}
        optionText={optionText}
        helperText="Aucun : pas de condition"
        filterToQuery={() => ({})}
        sx={{ minWidth: 420 }}
      />
    </ReferenceArrayInput>
  );
}

/** Department codes typed « 75, 2A, 971 », stored as a list. */
const codes = {
  format: (v: unknown) => (Array.isArray(v) ? v.join(', ') : ''),
  parse: (v: string) => {
    const list = [
      ...new Set(
        v
          .split(/[\s,;]+/)
          .map((x) => x.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    return list.length ? list : undefined;
  },
};

function Section({ title }: { title: string }) {
  return (
    <Typography variant="subtitle1" component="h2" sx={{ width: '100%', mt: 2, fontWeight: 600 }}>
      {title}
    </Typography>
  );
}

export default function MailingCriteriaEdit() {
  return (
    <EntityForm meta={meta} stayOnSaved>
      <TextInput source="label" label="Libellé" isRequired />
      <TextInput source="description" label="Description" multiline minRows={2} />
      <Section title="Où vivent les clients" />
      <Ids source="criteria.countryIds" label="Pays de résidence" reference="country" optionText="name" />
      <Ids source="criteria.excludeCountryIds" label="Sauf les pays" reference="country" optionText="name" />
      <TextInput
        source="criteria.departmentCodes"
        label="Départements (France)"
        helperText="Codes séparés par des virgules : 75, 2A, 971"
        {...codes}
      />
      <Ids source="criteria.languageIds" label="Langues" reference="language" optionText="name" />
      <Section title="Leurs séjours" />
      <DateInputFr source="criteria.stayFrom" label="Séjour à partir du" />
      <DateInputFr source="criteria.stayTo" label="Séjour jusqu’au" />
      <Ids source="criteria.placeTypeIds" label="Types d’hébergement" reference="place-type" optionText="label" />
      <Ids
        source="criteria.ageCategoryIds"
        label="Avec des occupants de catégorie"
        reference="age-category"
        optionText="label"
      />
      <DateInputFr source="criteria.lastStayFrom" label="Dernier départ à partir du" />
      <DateInputFr source="criteria.lastStayTo" label="Dernier départ avant le" />
      <NumberInputFr source="criteria.minStays" label="Séjours au moins" integer />
      <MoneyInput source="criteria.minSpent" label="Montant dépensé au moins" />
      <Reach />
    </EntityForm>
  );
}

/** The saved criteria's reach: consenting customers with an e-mail address, now. */
function Reach() {
  const record = useRecordContext<Row>();
  const id = Number(record?.id ?? 0);
  const preview = useQuery({
    queryKey: ['campaign-preview', id, record?.version],
    queryFn: () => rest('get', '/campaign/preview/{mailingCriteriaId}', { path: { mailingCriteriaId: id } }),
    enabled: id > 0,
  });
  if (!id) return null;
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      {preview.error ? <Alert severity="error">{(preview.error as Error).message}</Alert> : null}
      {preview.data ? (
        <Alert severity="info" aria-label="Destinataires">
          Ce critère atteint aujourd’hui {countFr(preview.data.count, 'client consentant', 'clients consentants')} ayant
          une adresse e-mail. <Link to="/campaign-email">Envoyer une campagne</Link>
        </Alert>
      ) : null}
    </Box>
  );
}
