// F8, "csv and print" (§6, docs/rights.md#keyboard-shortcuts): one small menu — « Exporter en CSV » for who holds the
// export right, « Imprimer » for whoever sees the screen (print.css keeps only the
// page's content). Lists and the planning board open it from their button or F8.
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Button as MuiButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { useFunctionKeys } from './useFunctionKeys';

export interface ExportPrintHandle {
  open(): void;
}

export interface ExportPrintMenuProps {
  /** the CSV export; absent without the export right */
  onCsv?: () => void;
  /** F8 opens the menu (false where a board handles its own keys and calls `open`) */
  functionKey?: boolean;
  ref?: Ref<ExportPrintHandle>;
}

export function ExportPrintMenu({ onCsv, functionKey = true, ref }: ExportPrintMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useImperativeHandle(ref, () => ({ open: () => setOpen(true) }), []);
  useFunctionKeys({ F8: () => setOpen(true) }, functionKey);
  const close = () => setOpen(false);
  return (
    <>
      <MuiButton
        ref={button}
        size="small"
        startIcon={<PrintIcon />}
        onClick={() => setOpen(true)}
        title="Exporter ou imprimer (F8)"
        aria-haspopup="menu"
      >
        Exporter / imprimer
      </MuiButton>
      <Menu anchorEl={button.current} open={open} onClose={close}>
        {onCsv && (
          <MenuItem
            onClick={() => {
              close();
              onCsv();
            }}
          >
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Exporter en CSV</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            window.print();
          }}
        >
          <ListItemIcon>
            <PrintIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Imprimer</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
