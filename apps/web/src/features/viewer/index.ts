/** The cephalometric viewer (`/viewer/{uuid}`): the shell that composes its sub-features. */
// Features inside the viewer add their tabs, layers and tools to its registries on import; they
// never import each other (eslint.config.js): tabs that combine several are composed in shell/.
import './analysis/register.ts';
import './calibration/register.ts';
import './measure/register.ts';
import './report/register.ts';
import './photo/register.ts';
import './vto/register.ts';
import './growth/register.ts';
import './profilogram/register.ts';
import './superimposition/register.ts';
import './drawing/register.ts';
import './shell/compose.ts';

export { Viewer } from './components/viewer.tsx';
