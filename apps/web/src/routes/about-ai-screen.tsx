import { AboutAi } from '../features/about-ai/components/about-ai.tsx';

/** `/about-ai`: what the landmark model is and how accurate it measured (linked from the viewer). */
export function AboutAiScreen() {
  return <AboutAi />;
}
