/** The cephalometric viewer (`/viewer/{uuid}`). */
// Features inside the viewer add their tabs, layers and tools to its registries on import.
import './analysis/register.ts';
import './report/register.ts';
import './photo/register.ts';
import './vto/register.ts';
import './profilogram/register.ts';
import './superimposition/register.ts';
import './drawing/register.ts';

export { Viewer } from './components/viewer.tsx';
