/** English texts of the cephalometric viewer (`/viewer/{id}`). */
export const enViewer = {
  label: 'Cephalometric viewer',
  loading: 'Loading the chart…',
  notFoundTitle: 'Chart not found',
  notFoundText: 'This chart does not exist or has been deleted.',
  noImage: 'Chart without patient data',
  lost: 'LOST',
  lostText: 'The image file of this chart is missing.',
  errorTitle: 'The chart could not be loaded',
  errorText: 'Please try again in a moment.',
  retry: 'Try again',
  imageError: 'The image could not be displayed.',
  patient: 'Patient',
  patientId: 'Patient ID',
  shootDate: 'Image date',
  noDate: '----',
  landmarkCount: 'Landmarks: {{count}}',
  noLandmarks: 'No landmarks detected',
  showLandmarks: 'Landmarks',
  showNames: 'Landmark names',
  fit: 'Fit to window',
  zoom: 'Zoom {{percent}}%',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  toolbar: 'Viewer tools',
  legendAi: 'AI',
  legendModified: 'Adjusted',
  canvasLabel: 'Cephalogram of {{name}}',
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ViewerDictionary = Widen<typeof enViewer>;
