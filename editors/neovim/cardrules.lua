-- cardrules rulesets in Neovim (0.10 or later): put this in init.lua, or in after/ftplugin/yaml.lua
-- without the autocommand around it. See docs/editors.md.
vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    vim.lsp.start({
      name = "cardrules",
      cmd = { "cardrules", "lsp" },
      root_dir = vim.fs.root(args.buf, { ".git", "rulesets" }) or vim.fn.getcwd(),
    })
  end,
})
