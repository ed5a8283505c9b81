import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app.tsx';
import { initialLanguage, loadI18n } from './i18n/runtime.ts';
import { loadLanguageFonts } from './styles/fonts.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The start language's dictionary is its own chunk: wait for it, so the first paint has no raw keys.
const language = initialLanguage();
loadLanguageFonts(language);
loadI18n(language).then(
  (i18n) => {
    i18n.on('languageChanged', loadLanguageFonts);
    root.render(
      <StrictMode>
        <App i18n={i18n} router={createAppRouter()} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    // Only a network failure gets here (the chunk did not arrive); no dictionary means no translation.
    console.error(error);
    container.textContent = 'Ceppro could not load. Check the connection and reload the page.';
  },
);
