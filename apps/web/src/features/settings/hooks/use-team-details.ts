import { useQuery } from '@tanstack/react-query';
import { fetchMembers, fetchTeam, membersKey, teamKey } from '../api/settings-api';

export function useTeamDetails(team: string) {
  return useQuery({ queryKey: teamKey(team), queryFn: () => fetchTeam(team) });
}

export function useTeamMembers(team: string) {
  return useQuery({ queryKey: membersKey(team), queryFn: () => fetchMembers(team) });
}
