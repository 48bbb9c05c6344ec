import { listScenarios, listScenariosWithDetails, listArchivedScenarios, listScenarioStates, getScenario, getScenarioVersion, listScenarioVersions, getScenarioState, createScenario, updateScenario, deleteScenario, renameScenario, archiveScenario, unarchiveScenario, importScenario, exportScenarioGraph, exportScenario, exportScenarioVersion, validateScenarioGraph, getProcessDefinitionData } from './scenarios';
import { listActivities, getActivitiesMetadata, addComment, editComment, deleteComment, addAttachment, listAttachments, downloadAttachment, deleteAttachment, listLegacyComments, listLegacyActivity, addLegacyComment, deleteLegacyComment, listScenarioDeployments } from './activities';
import { listScenarioLabels, validateScenarioLabels, listStatusDefinitions, listStatusDefinitionsSeedPath, healthCheck, buildInfo, getServerConfig, getCategoriesWithProcessingType, reloadProcessingTypes, getCurrentUser, getUiSettings, getScenarioParametersCombinations } from './app';

/**
 * Every route of the contract, in the order the server registers them: fixed paths before the parameterised
 * paths they would otherwise be taken for (`/api/processes/status` before `/api/processes/{scenarioName}`).
 */
export const allRoutes = [
  listScenarios,
  listScenariosWithDetails,
  listArchivedScenarios,
  listScenarioStates,
  getScenario,
  getScenarioVersion,
  listScenarioVersions,
  getScenarioState,
  createScenario,
  updateScenario,
  deleteScenario,
  renameScenario,
  archiveScenario,
  unarchiveScenario,
  importScenario,
  exportScenarioGraph,
  exportScenario,
  exportScenarioVersion,
  validateScenarioGraph,
  getProcessDefinitionData,
  listActivities,
  getActivitiesMetadata,
  addComment,
  editComment,
  deleteComment,
  addAttachment,
  listAttachments,
  downloadAttachment,
  deleteAttachment,
  listLegacyComments,
  listLegacyActivity,
  addLegacyComment,
  deleteLegacyComment,
  listScenarioDeployments,
  listScenarioLabels,
  validateScenarioLabels,
  listStatusDefinitions,
  listStatusDefinitionsSeedPath,
  healthCheck,
  buildInfo,
  getServerConfig,
  getCategoriesWithProcessingType,
  reloadProcessingTypes,
  getCurrentUser,
  getUiSettings,
  getScenarioParametersCombinations
] as const;
