import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; jsdom on a busy 2-core CI machine renders slower than that
// (a sidebar's findByRole missed at load 24), and a passing wait returns as soon as it holds, so the bound costs nothing.
configure({ asyncUtilTimeout: 5_000 });
