import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Gallery } from './gallery';

// The gallery's page has one element for us (index.html); nothing else boots here.
createRoot(document.getElementById('gallery') as HTMLElement).render(
  <StrictMode>
    <Gallery />
  </StrictMode>,
);
