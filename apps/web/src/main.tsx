import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app.tsx';
import { createI18n, initialLanguage } from './i18n/index.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App i18n={createI18n(initialLanguage())} router={createAppRouter()} />
  </StrictMode>,
);
