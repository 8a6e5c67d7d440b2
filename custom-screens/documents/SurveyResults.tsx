// /survey-results: the answers of the satisfaction surveys (§9, docs/constants.md#mail-and-reminders), per question —
// the average mark out of 5 with its spread, yes / no counts, the latest free texts — over
// the answers received between two dates. The questions are edited in « Questions de
// satisfaction » (generated screens); customers answer through the link of the survey
// e-mails (public page, signed token).
import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { countFr } from '../../common/french';
import { rest, DateFieldFr, RequireRight, Page } from '../../admin/src/ui';
import type { components } from '../../admin/src/ui/client';

const CAMPAIGN = 'campaign.campaigns';
const SURVEYS = { 'post-stay': 'Après le séjour', 'pre-stay': 'Avant le séjour' } as const;
type Survey = keyof typeof SURVEYS;

type Results = components['schemas']['SurveyResults'];
type QuestionResult = Results['questions'][number];

const mark = (x100: number) =>
  (x100 / 100).toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

export default function SurveyResults() {
  return (
    <RequireRight functionality={CAMPAIGN}>
      <Screen />
    </RequireRight>
  );
}

function Screen() {
  const [survey, setSurvey] = useState<Survey>('post-stay');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = { survey, from: from || undefined, to: to || undefined };
  const q = useQuery({
    queryKey: ['survey-results', query],
    queryFn: () => rest('get', '/survey-results', { query }),
    enabled: !(from && to && to < from),
  });

  return (
    <Page title="Résultats des questionnaires de satisfaction">
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Questionnaire"
          value={survey}
          onChange={(e) => setSurvey(e.target.value as Survey)}
          sx={{ minWidth: 200 }}
        >
          {Object.entries(SURVEYS).map(([k, v]) => (
            <MenuItem key={k} value={k}>
              {v}
            </MenuItem>
          ))}
        </TextField>
        <DateFieldFr label="Réponses du" name="from" value={from} onChange={(v) => setFrom(v ?? '')} />
        <DateFieldFr label="au" name="to" value={to} onChange={(v) => setTo(v ?? '')} />
        <Link to="/survey-question-list">Modifier les questions</Link>
      </Box>
      {q.error && <Alert severity="error">{(q.error as Error).message}</Alert>}
      {q.data && (
        <>
          <Typography sx={{ mb: 2 }} data-testid="survey-respondents">
            {q.data.respondents
              ? countFr(q.data.respondents, 'séjour a répondu', 'séjours ont répondu')
              : 'Aucune réponse sur la période'}
          </Typography>
          {!q.data.questions.length && <Alert severity="info">Aucune question pour ce questionnaire.</Alert>}
          <Stack spacing={2}>
            {q.data.questions.map((x) => (
              <QuestionCard key={x.id} r={x} />
            ))}
          </Stack>
        </>
      )}
    </Page>
  );
}

function QuestionCard({ r }: { r: QuestionResult }) {
  const total = r.ratings.reduce((s, n) => s + n, 0);
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="subtitle1" fontWeight="bold">
            {r.question}
          </Typography>
          <Chip size="small" label={countFr(r.answers, 'réponse')} />
        </Box>
        {r.answerType === 'rating' && (
          <Box>
            <Typography variant="h5">{r.averageRating === null ? '—' : `${mark(r.averageRating)} / 5`}</Typography>
            {[5, 4, 3, 2, 1].map((n) => (
              <Box key={n} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ width: 24 }}>
                  {n}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={total ? (r.ratings[n - 1] * 100) / total : 0}
                  sx={{ flex: 1, height: 8 }}
                  aria-label={`Note ${n}`}
                />
                <Typography variant="body2" sx={{ width: 32, textAlign: 'right' }}>
                  {r.ratings[n - 1]}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {r.answerType === 'yes-no' && (
          <Typography>
            Oui : {r.yes} — Non : {r.no}
          </Typography>
        )}
        {r.answerType === 'text' && (
          <Stack spacing={0.5}>
            {r.texts.map((t, i) => (
              <Typography key={i} variant="body2">
                « {t.text} »{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({t.bookingCode})
                </Typography>
              </Typography>
            ))}
            {!r.texts.length && (
              <Typography variant="body2" color="text.secondary">
                Aucun texte
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
