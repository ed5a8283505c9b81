import { calibrationFromDefaultPpm, imagePoint, type ImagePoint, type LandmarkId, type LandmarkMap } from '../src/index.ts';

/**
 * A realistic right-facing film: ISBI/CL-Detection image 001 (manifest38, original 0.1 mm/px frame),
 * plus hand-placed points the datasets do not annotate (premolars, stomia, sulci, Pm, ramus points, DC).
 */
const RAW: Partial<Record<LandmarkId, [number, number]>> = {
  S: [835, 996],
  N: [1473, 1029],
  Or: [1318, 1272],
  Po: [623, 1238],
  A: [1342, 1639],
  B: [1373, 2029],
  Pog: [1333, 2200],
  Me: [1266, 2279],
  Gn: [1313, 2244],
  Go: [694, 1805],
  L1: [1457, 1865],
  U1: [1450, 1864],
  Ls: [1587, 1757],
  Li: [1569, 2005],
  Sn: [1514, 1620],
  stPog: [1431, 2236],
  PNS: [934, 1538],
  ANS: [1387, 1552],
  Ar: [670, 1343],
  D: [1276, 2182],
  U1A: [1340, 1661],
  L1A: [1321, 2035],
  Cm: [1588, 1592],
  Ptm: [938, 1412],
  Co: [736, 1185],
  Prn: [1663, 1528],
  Ba: [498, 1440],
  Pt: [931, 1222],
  Bo: [363, 1388],
  ULv: [1558, 1718],
  LLv: [1537, 2028],
  stGn: [1385, 2304],
  stMe: [1266, 2356],
  stG: [1599, 892],
  stN: [1500, 1146],
  C: [960, 2309],
  U6: [1175, 1777],
  L6: [1208, 1848],
  // hand-placed
  UPM: [1300, 1815],
  LPM: [1320, 1850],
  Stms: [1545, 1868],
  Stmi: [1540, 1882],
  stA: [1538, 1680],
  stB: [1475, 2110],
  Pm: [1352, 2130],
  R1: [780, 1500],
  R2: [650, 1480],
  R3: [760, 1300],
  R4: [720, 1780],
  DC: [720, 1260],
  Id: [1400, 1950],
  Pr: [1420, 1760],
  Xi: [715, 1540],
};

/** Image-pixel landmarks of the fixture film (original frame). */
export const FACE: LandmarkMap<ImagePoint> = Object.fromEntries(
  Object.entries(RAW).map(([id, [x, y]]) => [id, imagePoint(x, y)]),
) as LandmarkMap<ImagePoint>;

/** 10 px/mm, the ISBI original spacing. */
export const FACE_CALIBRATION = calibrationFromDefaultPpm(10);

/** Apply `f` to every landmark of a map. */
export function mapLandmarks(lm: LandmarkMap<ImagePoint>, f: (p: ImagePoint) => { x: number; y: number }): LandmarkMap<ImagePoint> {
  return Object.fromEntries(
    Object.entries(lm).map(([id, p]) => [id, imagePoint(f(p as ImagePoint).x, f(p as ImagePoint).y)]),
  ) as LandmarkMap<ImagePoint>;
}
