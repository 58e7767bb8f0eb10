import { useSchoolDetails } from '../../lib/school';
import { useImage } from '../../lib/use-image';

/** The school's logo in the header brand, once one is uploaded on /settings. Its own chunk. */
export default function SchoolLogo() {
  const school = useSchoolDetails();
  const logo = useImage(school.data?.logo_file_id);
  return logo ? <img src={logo} alt={school.data?.name} className="brand-logo" data-testid="brand-logo" /> : null;
}
