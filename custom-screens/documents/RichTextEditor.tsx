// The body editor of the document models: a contentEditable area with a small toolbar
// (bold, italic, underline, heading, list, link) and the merge-field picker, which
// inserts `{{field}}` at the caret. Loaded on demand by the model screen. What it
// produces is HTML; the server keeps only the allow-listed subset (common/mail-html.ts),
// and so does the area itself before anything is written into it.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { Box, Button, ButtonGroup, MenuItem, TextField, Tooltip } from '@mui/material';
import { MERGE_FIELDS } from '../../common/merge-template';
import { sanitizeHtml } from '../../common/mail-html';

export interface RichTextHandle {
  insertField(name: string): void;
}

interface Props {
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  label: string;
}

const TOOLS: { cmd: string; arg?: string; label: string; title: string }[] = [
  { cmd: 'bold', label: 'G', title: 'Gras' },
  { cmd: 'italic', label: 'I', title: 'Italique' },
  { cmd: 'underline', label: 'S', title: 'Souligné' },
  { cmd: 'formatBlock', arg: 'h2', label: 'Titre', title: 'Titre' },
  { cmd: 'formatBlock', arg: 'p', label: '¶', title: 'Paragraphe' },
  { cmd: 'insertUnorderedList', label: '• Liste', title: 'Liste à puces' },
];

const RichTextEditor = forwardRef<RichTextHandle, Props>(function RichTextEditor(
  { value, onChange, disabled, label },
  ref,
) {
  const area = useRef<HTMLDivElement>(null);
  // The area's HTML is set from outside only when it differs (typing keeps the caret).
  // What is stored is never trusted: only the mail subset (common/mail-html.ts: allow-listed
  // tags, no attribute but a checked link) reaches innerHTML, so a template saved with
  // `<img src=x onerror=…>` runs nothing here (the CSP is the second wall, not the first).
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = sanitizeHtml(value);
  }, [value]);

  const emit = () => {
    if (area.current) onChange(area.current.innerHTML);
  };
  const exec = (cmd: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(cmd, false, arg);
    emit();
  };
  const insertField = (name: string) => exec('insertText', `{{${name}}}`);
  useImperativeHandle(ref, () => ({ insertField }));

  const link = () => {
    const url = window.prompt('Adresse du lien (https://…)');
    if (url && /^(https?:\/\/|mailto:)/i.test(url)) exec('createLink', url);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <ButtonGroup size="small" disabled={disabled} aria-label="Mise en forme">
          {TOOLS.map((t) => (
            <Tooltip key={t.title} title={t.title}>
              <Button
                onMouseDown={(e) => {
                  e.preventDefault();
                  exec(t.cmd, t.arg);
                }}
                aria-label={t.title}
              >
                {t.label}
              </Button>
            </Tooltip>
          ))}
          <Tooltip title="Lien">
            <Button
              onMouseDown={(e) => {
                e.preventDefault();
                link();
              }}
              aria-label="Lien"
            >
              Lien
            </Button>
          </Tooltip>
        </ButtonGroup>
        <TextField
          select
          size="small"
          label="Insérer un champ"
          value=""
          disabled={disabled}
          sx={{ minWidth: 240 }}
          onChange={(e) => insertField(e.target.value)}
        >
          {MERGE_FIELDS.map((f) => (
            <MenuItem key={f.name} value={f.name}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        sx={{
          minHeight: 220,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 1.5,
          bgcolor: disabled ? 'action.hover' : 'background.paper',
          '&:focus': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      />
    </Box>
  );
});

export default RichTextEditor;
