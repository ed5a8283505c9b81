/** The cephalometric viewer (`/viewer/{uuid}`). */
export { Viewer } from './components/viewer.tsx';
