import type { DicomDictionary } from './en-dicom.ts';

/** 한국어: DICOM 영상 (드롭 영역, 환자 정보 제안, 거부 메시지, 보정 배지). */
export const koDicom: DicomDictionary = {
  drop: {
    types: 'JPG, PNG 또는 DICOM',
    tag: 'DICOM 파일',
    size: '{{columns}} × {{rows}} px',
    spacing: '픽셀 간격 {{row}} × {{column}} mm',
    imagerSpacing: '검출기 픽셀 간격 {{row}} × {{column}} mm',
    noSpacing: '파일에 픽셀 간격 정보가 없습니다',
    noPreview: '이 인코딩은 미리 볼 수 없습니다. 영상은 업로드 후 표시됩니다.',
    reading: '영상을 읽는 중…',
  },
  errors: {
    title: 'DICOM 파일을 사용할 수 없습니다',
    DICOM_UNREADABLE: '이 DICOM 파일을 읽을 수 없습니다. 파일이 손상되었거나 지원하지 않는 픽셀 형식입니다.',
    DICOM_UNSUPPORTED_SYNTAX:
      '이 DICOM 파일은 지원하지 않는 전송 구문 {{syntax}}을(를) 사용합니다. 비압축 또는 JPEG(베이스라인/무손실)로 내보내 주세요.',
    DICOM_NO_PIXEL_DATA: '이 DICOM 파일에는 영상이 없습니다.',
    DICOM_MULTI_FRAME: '이 DICOM 파일에는 여러 프레임이 있습니다. 세팔로 영상을 단일 영상으로 내보내 주세요.',
    DICOM_NOT_IMAGE: '이 DICOM 파일은 방사선 영상이 아닙니다(보고서 등 다른 종류의 객체일 수 있습니다).',
  },
  prefill: {
    title: 'DICOM 파일에서 찾은 정보',
    intro: '빈 항목을 이 정보로 채울까요? 이미 입력한 내용은 그대로 유지됩니다.',
    name: '이름',
    birth: '생년월일',
    gender: '성별',
    studyDate: '촬영일',
    male: '남성',
    female: '여성',
    kept: '입력한 값 {{value}} 유지',
    use: '채우기',
    dismiss: '무시',
  },
  calibration: {
    badge: 'DICOM · {{ppm}} px/mm',
    pixelSpacing: 'Pixel Spacing {{row}} × {{column}} mm',
    imagerSpacing: 'Imager Pixel Spacing {{row}} × {{column}} mm (환자 위치 기준)',
    magnification: '확대율 {{factor}}(으)로 나눔',
    report: 'DICOM 픽셀 간격, {{ppm}} px/mm',
  },
};
