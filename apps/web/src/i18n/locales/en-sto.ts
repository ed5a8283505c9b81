/** English texts of the VTO/STO tab's surgical set-up (STO), plan-type choice and mandibular autorotation. */
export const enSto = {
  mode: {
    legend: 'Plan type',
    vto: 'Orthodontic VTO',
    sto: 'Surgical STO',
    vtoHint: 'Move teeth and jaw points with the movement table.',
    stoHint: 'Move the maxilla, the mandible and the chin separately, as after Le Fort I, BSSO and genioplasty.',
  },
  segments: {
    title: 'Surgical segments',
    caption:
      'Each segment moves as one rigid piece: it turns about its pivot, then shifts. Horizontal + is forward, vertical + is up, ' +
      'rotation + turns the front of the segment up.',
    segment: 'Segment',
    horizontal: 'Horizontal (mm)',
    vertical: 'Vertical (mm)',
    rotation: 'Rotation (°)',
    pivot: 'Pivot',
    maxilla: 'Maxilla (Le Fort I)',
    mandible: 'Mandible (BSSO)',
    chin: 'Chin (genioplasty)',
    inputLabel: '{{segment}}: {{field}}',
    clear: 'Clear segment moves',
  },
  moves: {
    title: 'Predicted point moves',
    note: 'mm; + forward, + up',
    point: 'Point',
    horizontal: 'Horizontal',
    vertical: 'Vertical',
  },
  ratios: {
    title: 'Soft tissue over the surgery (soft : hard)',
    note: 'Published averages; people vary a lot (lip thickness, tone). Change them to suit the patient.',
    rule: {
      lefortAdvanceUpperLip: 'Upper lip, Le Fort I advancement',
      lefortSetbackUpperLip: 'Upper lip, Le Fort I setback',
      lefortNoseTip: 'Nose tip, Le Fort I',
      bssoAdvanceChin: 'Soft chin, mandibular advancement',
      bssoSetbackChin: 'Soft chin, mandibular setback',
      bssoLowerLip: 'Lower lip, mandibular move',
      genioChin: 'Soft chin, genioplasty',
    },
    choice: {
      '3d': '3-D study',
      '2d': '2-D cephalometric',
      women: 'Women',
      men: 'Men',
      published: 'Published',
    },
    follows: '{{soft}} → {{driver}}',
    own: 'the bone beneath',
    input: 'Ratio: {{rule}}',
    outside: 'Not a published value',
  },
  autorotation: {
    title: 'Mandibular autorotation',
    toggle: 'Autorotate mandible',
    hint: 'The whole mandible turns about the condyle until the bite contact reaches its planned height.',
    contact: 'Contact',
    molar: 'Molars',
    incisor: 'Incisors',
    extra: 'Extra vertical change at the contact (mm, + closes)',
    fromPlan: 'The plan itself changes the contact by {{mm}} mm.',
    hinge: 'Hinge: {{hinge}}',
    hingeCo: 'condylion (Co)',
    hingeAr: 'articulare (Ar; Co is not placed)',
    hingeEstimate: 'estimated condyle (Ba–N line crossing the ramus line; Co and Ar are not placed)',
    angle: 'Rotation: {{deg}}°',
    closes: 'closes the bite',
    opens: 'opens the bite',
    none: 'no rotation',
    noHinge: 'No hinge: place Co or Ar.',
    noContact: 'The contact tooth is not placed (L6 for molars, L1 for incisors).',
    unreachable: 'The vertical change is more than the mandible can turn.',
    source:
      'Turned about the condyle. Measured centres of rotation lie a little lower and further back (Nattestad & Vedtofte; ' +
      'Kim et al., Angle Orthod 2018), so the chin may come forward somewhat more than shown.',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type StoDictionary = Widen<typeof enSto>;
