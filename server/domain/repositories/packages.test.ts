import { describe, expect, it } from 'vitest'
import { DEFAULT_REPOSITORIES, rebasedUrl } from './defaults.ts'
import { packageOf, purlTypeOf, versionOf } from './packages.ts'

describe('packageOf / versionOf', () => {
  it('name the package (decoded) of every supported purl type, and its version', () => {
    expect(packageOf('pkg:npm/%40acme/widget@1.0.0')).toEqual({
      repositoryType: 'NPM',
      namespace: '@acme',
      name: 'widget',
    })
    expect(packageOf('pkg:golang/github.com/BurntSushi/toml@v1.2.0')).toEqual({
      repositoryType: 'GO_MODULES',
      namespace: 'github.com/BurntSushi',
      name: 'toml',
    })
    expect(packageOf('pkg:nixpkgs/curl')).toEqual({
      repositoryType: 'NIXPKGS',
      namespace: null,
      name: 'curl',
    })
    expect(packageOf('pkg:deb/debian/openssl@1.1.1')).toBeNull()
    expect(versionOf('pkg:maven/g/a@1.0%2Bbuild?type=jar')).toBe('1.0+build')
    expect(versionOf('pkg:cargo/serde')).toBeNull()
  })

  it('map repository types back to purl types', () => {
    expect(purlTypeOf('GO_MODULES')).toBe('golang')
    expect(purlTypeOf('PYPI')).toBe('pypi')
  })
})

describe('default repositories', () => {
  it('are 4.13’s seventeen, unique per type and identifier', () => {
    expect(DEFAULT_REPOSITORIES).toHaveLength(17)
    const keys = new Set(DEFAULT_REPOSITORIES.map((r) => `${r.type}/${r.identifier}`))
    expect(keys.size).toBe(17)
  })

  it('are rebased under <base>/<identifier>/<path> when LOOKOUT_REPOSITORY_DEFAULTS_URL is set', () => {
    expect(rebasedUrl('https://repo1.maven.org/maven2/', 'central', 'http://127.0.0.1:9/r/')).toBe(
      'http://127.0.0.1:9/r/central/maven2/',
    )
    expect(
      rebasedUrl(
        'https://channels.nixos.org/nixpkgs-unstable/packages.json.br',
        'nixpkgs-unstable',
        'http://mirror.example',
      ),
    ).toBe('http://mirror.example/nixpkgs-unstable/nixpkgs-unstable/packages.json.br')
    expect(rebasedUrl('https://crates.io', 'crates.io', undefined)).toBe('https://crates.io')
  })
})
