-- Components stored before licenses were resolved against the catalogue get their license
-- choice from what they hold (dt-behaviour §1.7), so a catalogue change resolves them again:
-- a resolved SPDX id as a license id, free text as a license name, and the expression.
UPDATE component SET license_candidates = jsonb_strip_nulls(jsonb_build_object(
  'licenses', CASE
    WHEN license_id IS NOT NULL
      THEN jsonb_build_array(jsonb_build_object('id', license_id, 'url', license_url))
    WHEN license IS NOT NULL
      THEN jsonb_build_array(jsonb_build_object('name', license, 'url', license_url))
    ELSE '[]'::jsonb
  END,
  'expression', license_expression))
WHERE license_candidates IS NULL
  AND (license_id IS NOT NULL OR license IS NOT NULL OR license_expression IS NOT NULL);
