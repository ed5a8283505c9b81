import { useParams } from 'react-router';
import { AboutAiLink } from '../features/about-ai/components/about-ai-link.tsx';
import { Viewer } from '../features/viewer/index.ts';

/** `/viewer/{id}`: the cephalometric viewer for one chart (id is the chart uuid). No footer here. */
export function ViewerScreen() {
  const { id = '' } = useParams();
  return <Viewer key={id} chartUuid={id} barActions={<AboutAiLink />} />;
}
