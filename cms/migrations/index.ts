import * as migration_20261122_125624_initial from './20261122_125624_initial'
import * as migration_20261122_125625_seat_limit from './20261122_125625_seat_limit'
import * as migration_20261122_140738_email_outbox_and_jobs from './20261122_140738_email_outbox_and_jobs'
import * as migration_20261122_141149_question_bank from './20261122_141149_question_bank'
import * as migration_20261122_161334_issue6_refund_constraints from './20261122_161334_issue6_refund_constraints'
import * as migration_20261122_161624_issue5_sessions from './20261122_161624_issue5_sessions'
import * as migration_20261122_161912_issue6_payment_events from './20261122_161912_issue6_payment_events'
import * as migration_20261123_155830_complimentary_plans from './20261123_155830_complimentary_plans'
import * as migration_20261123_164613_batches from './20261123_164613_batches'
import * as migration_20261123_190242_refund_state_machine from './20261123_190242_refund_state_machine'
import * as migration_20261123_231254_issue12_everyday_screens from './20261123_231254_issue12_everyday_screens'
import * as migration_20261126_022805_site_voice_batch_size from './20261126_022805_site_voice_batch_size'
import * as migration_20261126_023347_plan_pays_for_one_batch from './20261126_023347_plan_pays_for_one_batch'
import * as migration_20261126_060211_fast_pages_featured_and_indexes from './20261126_060211_fast_pages_featured_and_indexes'
import * as migration_20261126_061000_shared_state from './20261126_061000_shared_state'
import * as migration_20261126_063639_sessions_reminders_calendar_attendance_refund_window from './20261126_063639_sessions_reminders_calendar_attendance_refund_window'
import * as migration_20261126_092628_ratings from './20261126_092628_ratings'
import * as migration_20261127_050000_mentor_cards_version from './20261127_050000_mentor_cards_version'
import * as migration_20261128_120000_worker_heartbeats from './20261128_120000_worker_heartbeats'
import * as migration_20261128_130000_money_indexes from './20261128_130000_money_indexes'
import * as migration_20261128_223048_payment_reconciliation_media_prefix from './20261128_223048_payment_reconciliation_media_prefix'
import * as migration_20261129_014042_attendance_disputes from './20261129_014042_attendance_disputes'
import * as migration_20261129_015508_next_seat_choice from './20261129_015508_next_seat_choice'
import * as migration_20261129_020000_policies_from_the_rules from './20261129_020000_policies_from_the_rules'
import * as migration_20261129_020124_feed_token_hash from './20261129_020124_feed_token_hash'
import * as migration_20261129_030000_merged_schema_snapshot from './20261129_030000_merged_schema_snapshot'
import * as migration_20261129_045021_discount_codes from './20261129_045021_discount_codes'
import * as migration_20261129_050000_insights_indexes from './20261129_050000_insights_indexes'
import * as migration_20261129_060000_mentor_applications from './20261129_060000_mentor_applications'
import * as migration_20261129_070000_merged_schema_snapshot from './20261129_070000_merged_schema_snapshot'
import * as migration_20261129_120000_admin_list_count_index from './20261129_120000_admin_list_count_index'
import * as migration_20261129_130000_mentor_cards_sessions from './20261129_130000_mentor_cards_sessions'
import * as migration_20261129_140000_attention_version from './20261129_140000_attention_version'
import * as migration_20261129_185501_users_display_name from './20261129_185501_users_display_name'
import * as migration_20261129_222443_payments_checkout_closed_at from './20261129_222443_payments_checkout_closed_at'
import * as migration_20261130_060000_kept_count_versions from './20261130_060000_kept_count_versions'

export const migrations = [
  {
    up: migration_20261122_125624_initial.up,
    down: migration_20261122_125624_initial.down,
    name: '20261122_125624_initial',
  },
  {
    up: migration_20261122_125625_seat_limit.up,
    down: migration_20261122_125625_seat_limit.down,
    name: '20261122_125625_seat_limit',
  },
  {
    up: migration_20261122_140738_email_outbox_and_jobs.up,
    down: migration_20261122_140738_email_outbox_and_jobs.down,
    name: '20261122_140738_email_outbox_and_jobs',
  },
  {
    up: migration_20261122_141149_question_bank.up,
    down: migration_20261122_141149_question_bank.down,
    name: '20261122_141149_question_bank',
  },
  {
    up: migration_20261122_161334_issue6_refund_constraints.up,
    down: migration_20261122_161334_issue6_refund_constraints.down,
    name: '20261122_161334_issue6_refund_constraints',
  },
  {
    up: migration_20261122_161624_issue5_sessions.up,
    down: migration_20261122_161624_issue5_sessions.down,
    name: '20261122_161624_issue5_sessions',
  },
  {
    up: migration_20261122_161912_issue6_payment_events.up,
    down: migration_20261122_161912_issue6_payment_events.down,
    name: '20261122_161912_issue6_payment_events',
  },
  {
    up: migration_20261123_155830_complimentary_plans.up,
    down: migration_20261123_155830_complimentary_plans.down,
    name: '20261123_155830_complimentary_plans',
  },
  {
    up: migration_20261123_164613_batches.up,
    down: migration_20261123_164613_batches.down,
    name: '20261123_164613_batches',
  },
  {
    up: migration_20261123_190242_refund_state_machine.up,
    down: migration_20261123_190242_refund_state_machine.down,
    name: '20261123_190242_refund_state_machine',
  },
  {
    up: migration_20261123_231254_issue12_everyday_screens.up,
    down: migration_20261123_231254_issue12_everyday_screens.down,
    name: '20261123_231254_issue12_everyday_screens',
  },
  {
    up: migration_20261126_022805_site_voice_batch_size.up,
    down: migration_20261126_022805_site_voice_batch_size.down,
    name: '20261126_022805_site_voice_batch_size',
  },
  {
    up: migration_20261126_023347_plan_pays_for_one_batch.up,
    down: migration_20261126_023347_plan_pays_for_one_batch.down,
    name: '20261126_023347_plan_pays_for_one_batch',
  },
  {
    up: migration_20261126_060211_fast_pages_featured_and_indexes.up,
    down: migration_20261126_060211_fast_pages_featured_and_indexes.down,
    name: '20261126_060211_fast_pages_featured_and_indexes',
  },
  {
    up: migration_20261126_061000_shared_state.up,
    down: migration_20261126_061000_shared_state.down,
    name: '20261126_061000_shared_state',
  },
  {
    up: migration_20261126_063639_sessions_reminders_calendar_attendance_refund_window.up,
    down: migration_20261126_063639_sessions_reminders_calendar_attendance_refund_window.down,
    name: '20261126_063639_sessions_reminders_calendar_attendance_refund_window',
  },
  {
    up: migration_20261126_092628_ratings.up,
    down: migration_20261126_092628_ratings.down,
    name: '20261126_092628_ratings',
  },
  {
    up: migration_20261127_050000_mentor_cards_version.up,
    down: migration_20261127_050000_mentor_cards_version.down,
    name: '20261127_050000_mentor_cards_version',
  },
  {
    up: migration_20261128_120000_worker_heartbeats.up,
    down: migration_20261128_120000_worker_heartbeats.down,
    name: '20261128_120000_worker_heartbeats',
  },
  {
    up: migration_20261128_130000_money_indexes.up,
    down: migration_20261128_130000_money_indexes.down,
    name: '20261128_130000_money_indexes',
  },
  {
    up: migration_20261128_223048_payment_reconciliation_media_prefix.up,
    down: migration_20261128_223048_payment_reconciliation_media_prefix.down,
    name: '20261128_223048_payment_reconciliation_media_prefix',
  },
  {
    up: migration_20261129_014042_attendance_disputes.up,
    down: migration_20261129_014042_attendance_disputes.down,
    name: '20261129_014042_attendance_disputes',
  },
  {
    up: migration_20261129_015508_next_seat_choice.up,
    down: migration_20261129_015508_next_seat_choice.down,
    name: '20261129_015508_next_seat_choice',
  },
  {
    up: migration_20261129_020000_policies_from_the_rules.up,
    down: migration_20261129_020000_policies_from_the_rules.down,
    name: '20261129_020000_policies_from_the_rules',
  },
  {
    up: migration_20261129_020124_feed_token_hash.up,
    down: migration_20261129_020124_feed_token_hash.down,
    name: '20261129_020124_feed_token_hash',
  },
  {
    up: migration_20261129_030000_merged_schema_snapshot.up,
    down: migration_20261129_030000_merged_schema_snapshot.down,
    name: '20261129_030000_merged_schema_snapshot',
  },
  {
    up: migration_20261129_045021_discount_codes.up,
    down: migration_20261129_045021_discount_codes.down,
    name: '20261129_045021_discount_codes',
  },
  {
    up: migration_20261129_050000_insights_indexes.up,
    down: migration_20261129_050000_insights_indexes.down,
    name: '20261129_050000_insights_indexes',
  },
  {
    up: migration_20261129_060000_mentor_applications.up,
    down: migration_20261129_060000_mentor_applications.down,
    name: '20261129_060000_mentor_applications',
  },
  {
    up: migration_20261129_070000_merged_schema_snapshot.up,
    down: migration_20261129_070000_merged_schema_snapshot.down,
    name: '20261129_070000_merged_schema_snapshot',
  },
  {
    up: migration_20261129_120000_admin_list_count_index.up,
    down: migration_20261129_120000_admin_list_count_index.down,
    name: '20261129_120000_admin_list_count_index',
  },
  {
    up: migration_20261129_130000_mentor_cards_sessions.up,
    down: migration_20261129_130000_mentor_cards_sessions.down,
    name: '20261129_130000_mentor_cards_sessions',
  },
  {
    up: migration_20261129_140000_attention_version.up,
    down: migration_20261129_140000_attention_version.down,
    name: '20261129_140000_attention_version',
  },
  {
    up: migration_20261129_185501_users_display_name.up,
    down: migration_20261129_185501_users_display_name.down,
    name: '20261129_185501_users_display_name',
  },
  {
    up: migration_20261129_222443_payments_checkout_closed_at.up,
    down: migration_20261129_222443_payments_checkout_closed_at.down,
    name: '20261129_222443_payments_checkout_closed_at',
  },
  {
    up: migration_20261130_060000_kept_count_versions.up,
    down: migration_20261130_060000_kept_count_versions.down,
    name: '20261130_060000_kept_count_versions',
  },
]
