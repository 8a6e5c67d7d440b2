// Printing a document is an explicit POST (issue 25 point 10 (docs/history.md#issue-25): GET routes never write):
// the original of a bill or a ticket the first time, then duplicates, journaled by the
// server. A plain form posting into a new tab, so the browser shows the PDF it answers;
// same-origin, it carries the session cookie and our Origin.
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { API } from '../api';

export function PrintButton({
  path,
  children,
  variant = 'outlined',
  size,
  testId,
}: {
  /** the document's address under /rest, e.g. `/bill/document/12` */
  path: string;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  testId?: string;
}) {
  return (
    <form method="post" action={`${API}${path}`} target="_blank" style={{ display: 'inline' }}>
      <Button type="submit" variant={variant} size={size} data-testid={testId}>
        {children}
      </Button>
    </form>
  );
}
