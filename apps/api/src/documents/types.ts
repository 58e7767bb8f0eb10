/** What every printed document knows about the school (from modules/settings: schoolForDocuments). */
export interface SchoolForDocuments {
  name: string;
  motto: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  /** The logo as stored (PNG or JPEG bytes), or null. */
  logo: { bytes: Uint8Array; mime: string } | null;
}

/** One student's ID card. */
export interface IdCard {
  name: string;
  admissionNo: string;
  className: string;
  streamName: string | null;
  section: string;
  gender: string;
  dateOfBirth: string | null;
  paymentCode: string | null;
  lin: string | null;
  guardianPhone: string | null;
  photo: { bytes: Uint8Array; mime: string } | null;
  /** e.g. "31 Dec 2026" */
  validUntil: string;
}

/** One pass-out as printed. */
export interface PassOutDocument {
  passNo: number;
  studentName: string;
  admissionNo: string;
  className: string;
  photo: { bytes: Uint8Array; mime: string } | null;
  type: string;
  reason: string;
  destination: string | null;
  timeOut: Date;
  expectedReturn: Date;
  returnedAt: Date | null;
  collectorName: string | null;
  collectorRelationship: string | null;
  collectorPhone: string | null;
  collectorIdNo: string | null;
  authorisedBy: string;
  status: string;
}

/** A spreadsheet column: header text and the row key it shows. */
export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
}
