/** A school made from a template (the "New school" action and `npm run school:new` share the module) passes the Studio's own validation. */
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {newSchoolFromTemplate, type ContentDocument} from '../../src/lib/new-school/from-template.ts'
import {studioMarkers} from './studio-validation'

const documents = readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line) as ContentDocument)

describe('a new school from a template, in the Studio', () => {
  for (const templateKey of ['huskymobile', 'cubbymobile']) {
    it(`made from ${templateKey}: every document passes the Studio's validation`, async () => {
      const school = documents.find((doc) => doc._type === 'school' && doc.key === templateKey)!
      const template = {school, documents: documents.filter((doc) => (doc.school as {_ref?: string} | undefined)?._ref === school._id)}
      const made = newSchoolFromTemplate(template, {
        key: 'falconmobile', seoSlug: 'falcon-mobile', baseName: 'Falcon Mobile', schoolName: 'Ridgeview University',
        city: 'Boulder', state: 'Colorado', primaryColor: {name: 'Falcon Red', hex: '#9E1B32'},
      })
      const all = [made.school, ...made.documents]
      const ids = new Set([...documents, ...all].map((doc) => doc._id))
      const problems: string[] = []
      for (const doc of all) {
        for (const marker of await studioMarkers(doc, ids)) problems.push(`${doc._id} ${marker.level} ${marker.path}: ${marker.message}`)
      }
      expect(all).toHaveLength(template.documents.length + 1)
      expect(problems).toEqual([])
    })
  }

  it('is a preparing school the Studio knows the status of', async () => {
    const school = documents.find((doc) => doc._type === 'school')!
    const ids = new Set(documents.map((doc) => doc._id))
    expect(await studioMarkers({...school, status: 'preparing', templateSchool: 'cubbymobile'}, ids)).toEqual([])
    expect(await studioMarkers({...school, status: 'launching'}, ids)).toContainEqual({level: 'error', path: 'status', message: 'Choose preparing, live or retired'})
  })
})
