import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Only the standalone dev page boots from here; the shell loads our exposed modules directly, so a
// production build leaves the playground out.
const root = document.getElementById('root');
if (root && process.env.NODE_ENV !== 'production') {
  void import('./dev/playground').then(({ Playground }) =>
    createRoot(root).render(
      <StrictMode>
        <Playground />
      </StrictMode>,
    ),
  );
}
