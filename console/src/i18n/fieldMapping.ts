/**
 * The Form Field Mapping page's texts (docs/product/settings.md#field-mapping), spread into en.ts under
 * pp.settings.field_mapping. Quoted texts are copied exactly.
 */
export const fieldMappingTexts = {
  title: 'Form Field Mapping',
  loading: 'Loading field mappings…',
  counters: {
    core: 'Core Fields',
    additional: 'Additional Info',
    unmapped: 'Unmapped',
    ignored: 'Ignored',
  },
  groups: {
    core: 'Core Contact Fields',
    additional: 'Additional Information Fields',
    unmapped: 'Unmapped Fields - Need Attention',
    ignored: 'Ignored Fields',
  },
  additional_help: 'Shown in the lead timeline but not used for contact matching',
  group_empty: 'No fields in this group.',
  field: 'Form field',
  examples: 'Example values',
  no_examples: 'No examples yet',
  mapping: 'Mapping',
  mapping_label: 'Mapping for %{name}',
  choose: 'Choose a mapping',
  targets: {
    first_name: 'First Name',
    last_name: 'Last Name',
    full_name: 'Full Name',
    email: 'Email Address',
    phone: 'Phone Number',
    location_preference: 'Preferred Location',
    procedure_interest: 'Procedure Interest',
    provider_preference: 'Preferred Provider',
    message: 'Message/Questions',
    preferred_contact_method: 'Contact Preference',
    preferred_day: 'Preferred Day',
    preferred_time: 'Preferred Time',
    additional_info: 'Keep as Additional Info',
    ignore: 'Ignore This Field',
  },
  empty:
    'No form submissions found yet. Once visitors submit forms on your website, their field names will appear here for mapping.',
  saving: 'Saving…',
  // docs/product/settings.md#errors
  auth_required: 'Authentication required',
  load_failed: 'Failed to load field mappings',
  save_failed: 'Failed to save field mappings',
  save_error: 'The mapping could not be saved: %{message}',
};
