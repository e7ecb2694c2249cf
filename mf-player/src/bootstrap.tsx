import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Playground } from './dev/playground';

// Only the standalone dev page boots from here; the shell loads our exposed modules directly.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Playground />
    </StrictMode>,
  );
}
