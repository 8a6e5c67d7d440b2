// The one React root of the page: the log-in form, then the admin, render into it.
import { createRoot } from 'react-dom/client';

export const root = createRoot(document.getElementById('root')!);
