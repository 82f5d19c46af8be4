import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { warmEngine } from './bridge/api';
import './styles.css';

createApp(App).use(createPinia()).mount('#app');
warmEngine();
