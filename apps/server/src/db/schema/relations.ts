import { relations } from 'drizzle-orm';
import { analysisRecords } from './analysis-records';
import { approvedIps } from './approved-ips';
import { chartData } from './chart-data';
import { charts } from './charts';
import { patients } from './patients';
import { sessions } from './sessions';
import { userConfigs } from './user-configs';
import { users } from './users';

// Relations feed drizzle's relational queries (patients with charts with chart data, as the list needs).
export const usersRelations = relations(users, ({ many }) => ({
  patients: many(patients),
  configs: many(userConfigs),
  sessions: many(sessions),
  approvedIps: many(approvedIps),
}));

export const patientsRelations = relations(patients, ({ one, many }) => ({
  owner: one(users, { fields: [patients.userId], references: [users.id] }),
  charts: many(charts),
}));

export const chartsRelations = relations(charts, ({ one, many }) => ({
  patient: one(patients, { fields: [charts.patientRef], references: [patients.id] }),
  chartData: many(chartData),
  analysisRecords: many(analysisRecords),
}));

export const chartDataRelations = relations(chartData, ({ one }) => ({
  chart: one(charts, { fields: [chartData.chartRef], references: [charts.id] }),
}));

export const analysisRecordsRelations = relations(analysisRecords, ({ one }) => ({
  chart: one(charts, { fields: [analysisRecords.chartRef], references: [charts.id] }),
}));

export const userConfigsRelations = relations(userConfigs, ({ one }) => ({
  user: one(users, { fields: [userConfigs.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const approvedIpsRelations = relations(approvedIps, ({ one }) => ({
  user: one(users, { fields: [approvedIps.userId], references: [users.id] }),
}));
