// The admin on the page that was asked. Importing this module downloads the whole
// admin; the screen of the page comes with it rather than after the user's rights.
import { StrictMode } from 'react';
import { App, preloadScreen } from '../App';
import { root } from './root';
import { storedUser } from '../auth/stored';

export { preloadScreen };

export function startAdmin(): void {
  preloadScreen(location.pathname, storedUser());
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
