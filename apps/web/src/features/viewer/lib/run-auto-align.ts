import { flushLandmarkEdits } from '../hooks/use-landmark-autosave.ts';
import { requestAutoAlign } from '../api/auto-align.ts';
import { usePhotoStore } from '../store/photo-store.ts';
import { autoAlignTransform } from './photo-alignment.ts';

/**
 * Asks the server to align the chart's facial photo to the film (it reads the stored landmarks, so
 * unsaved landmark edits are saved first) and puts the answer in the photo store: the alignment, or
 * the spec's message ("facial image not recognized (adjust manually)", "no facial image").
 */
export async function runAutoAlign(chartId: string): Promise<void> {
  const store = usePhotoStore.getState();
  if (store.aligning) return;
  store.set({ aligning: true, message: null });
  try {
    await flushLandmarkEdits();
    const answer = await requestAutoAlign(chartId);
    if (answer.status === 'aligned') {
      usePhotoStore.setState({
        alignment: {
          method: 'auto',
          chartDataId: answer.photo.chart_data_id,
          transform: autoAlignTransform(answer),
          residualPx: answer.residual_px,
        },
        overlay: true,
        message: null,
      });
    } else {
      usePhotoStore.setState({ message: answer.status === 'no_facial_image' ? 'noFacialImage' : 'notRecognized' });
    }
  } catch {
    usePhotoStore.setState({ message: 'failed' });
  } finally {
    usePhotoStore.setState({ aligning: false });
  }
}
